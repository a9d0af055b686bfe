<?php // stockade-expect: vulnerable CWE-347
use Firebase\JWT\JWT;

$claims = JWT::decode($_COOKIE['token'], $secret, ['HS256', 'none']);
