<?php // stockade-expect: annotated

namespace App\Services;

class InvoiceService
{
    public function render(string $template, string $out): void
    {
        // ruleid: php.command-injection-parameter
        exec("wkhtmltopdf {$template} {$out}");
    }

    public function renderSafe(string $template, string $out): void
    {
        // ok: php.command-injection-parameter
        exec('wkhtmltopdf ' . escapeshellarg($template) . ' ' . escapeshellarg($out));
    }

    public function reference(): string
    {
        // ruleid: php.weak-random
        return 'INV-' . mt_rand(100000, 999999);
    }

    public function token(): string
    {
        // ok: php.weak-random
        return bin2hex(random_bytes(16));
    }

    public function checksum(string $payload): string
    {
        // ok: php.weak-hash-password
        return hash('sha256', $payload);
    }
}
