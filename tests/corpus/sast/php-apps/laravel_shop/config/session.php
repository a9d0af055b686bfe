<?php // stockade-expect: annotated

return [
    'driver' => env('SESSION_DRIVER', 'file'),
    'lifetime' => 120,
    // ruleid: php.laravel-session-cookie-insecure
    'secure' => false,
    // ok: php.laravel-session-cookie-insecure
    'http_only' => true,
    'same_site' => 'lax',
];
