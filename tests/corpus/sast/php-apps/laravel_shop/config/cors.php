<?php // stockade-expect: annotated

return [
    'paths' => ['api/*'],
    // ruleid: php.cors-wildcard-credentials
    'allowed_origins' => ['*'],
    'allowed_methods' => ['*'],
    'supports_credentials' => true,
];
