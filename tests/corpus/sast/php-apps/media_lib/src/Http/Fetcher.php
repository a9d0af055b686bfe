<?php // stockade-expect: annotated

declare(strict_types=1);

namespace Acme\Media\Http;

final class Fetcher
{
    public function fetch(string $url): string
    {
        $ch = curl_init($url);
        curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
        // ruleid: php.curl-ssl-verify-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, 0);
        // ok: php.curl-ssl-verify-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, 1);
        return (string) curl_exec($ch);
    }

    public function fetchStream(string $url): string
    {
        $context = stream_context_create([
            'ssl' => [
                // ruleid: php.tls-verify-disabled-options
                'verify_peer' => false,
                'verify_peer_name' => true,
            ],
        ]);
        $context2 = stream_context_create([
            'ssl' => [
                // ok: php.tls-verify-disabled-options
                'verify_peer' => true,
                'verify_peer_name' => true,
            ],
        ]);
        return file_get_contents($url, false, $context) . file_get_contents($url, false, $context2);
    }

    public function token(): string
    {
        // ruleid: php.weak-random
        return (string) rand(100000, 999999);
    }

    public function tokenSafe(): string
    {
        // ok: php.weak-random
        return (string) random_int(100000, 999999);
    }
}
