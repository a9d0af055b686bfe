<?php // stockade-expect: safe CWE-489
return [
    'name' => env('APP_NAME', 'Shop'),
    'env' => env('APP_ENV', 'production'),
    'debug' => (bool) env('APP_DEBUG', false),
];
