<?php // stockade-expect: safe CWE-347
use Firebase\JWT\JWT;
use Firebase\JWT\Key;

$claims = JWT::decode($_COOKIE['token'], new Key($secret, 'HS256'));
