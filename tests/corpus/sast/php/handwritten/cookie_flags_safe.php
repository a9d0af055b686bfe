<?php // stockade-expect: safe CWE-614
setcookie('remember_me', $token, ['expires' => time() + 86400 * 30, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Strict']);
