<?php // stockade-expect: annotated

return [
    'name' => env('APP_NAME', 'Shop'),
    'env' => env('APP_ENV', 'production'),
    // ok: php.laravel-debug-enabled
    'debug' => (bool) env('APP_DEBUG', false),
    'url' => env('APP_URL', 'http://localhost'),
    // ruleid: php.hardcoded-app-key
    'key' => 'base64:' . 'ZmFrZS1rZXktZm9yLXRoZS1zY2FubmVyLXRlc3Q=',
    'cipher' => 'AES-256-CBC',
];
