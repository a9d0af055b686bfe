<?php // stockade-expect: vulnerable CWE-614
setcookie('remember_me', $token, time() + 86400 * 30, '/');
