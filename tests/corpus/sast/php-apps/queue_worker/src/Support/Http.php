<?php // stockade-expect: annotated

namespace Worker\Support;

use GuzzleHttp\Client;

class Http
{
    public static function client(): Client
    {
        // ruleid: php.tls-verify-option-disabled
        return new Client(['timeout' => 5, 'verify' => false]);
    }

    public static function safeClient(): Client
    {
        // ok: php.tls-verify-option-disabled
        return new Client(['timeout' => 5, 'verify' => '/etc/ssl/certs/ca.pem']);
    }

    public static function parseFeed(string $xml): \SimpleXMLElement
    {
        // ruleid: php.xxe
        return simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT | LIBXML_DTDLOAD);
    }
}
