<?php // stockade-expect: vulnerable CWE-489
return [
    'name' => env('APP_NAME', 'Shop'),
    'env' => env('APP_ENV', 'production'),
    'debug' => env('APP_DEBUG', true),
];
