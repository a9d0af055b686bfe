<?php // stockade-expect: annotated

namespace App\Http\Middleware;

use Illuminate\Foundation\Http\Middleware\VerifyCsrfToken as Middleware;

class VerifyCsrfToken extends Middleware
{
    protected $except = [
        // ok: php.csrf-disabled
        'stripe/webhook',
    ];
}
