<?php // stockade-expect: annotated

return [
    // ruleid: php.display-errors
    'debug' => true,
    'Security' => [
        // ruleid: php.hardcoded-app-key
        'salt' => '3f1c9a7e5b2d4c8f0a6e9b1d7c3f5a2e8b4d6c0f9a1e3b5d',
    ],
    'Datasources' => [
        'default' => [
            'host' => 'localhost',
            'username' => 'crm',
            // ruleid: php.hardcoded-db-password
            'password' => 'Crm#2024!prod',
            'database' => 'crm',
        ],
        'test' => [
            'host' => 'localhost',
            'username' => 'crm',
            // ok: php.hardcoded-db-password
            'password' => env('DATABASE_TEST_PASSWORD'),
            'database' => 'crm_test',
        ],
    ],
];
