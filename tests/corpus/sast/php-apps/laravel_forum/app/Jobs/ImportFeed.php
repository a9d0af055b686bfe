<?php // stockade-expect: annotated

namespace App\Jobs;

use Illuminate\Bus\Queueable;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Bus\Dispatchable;

class ImportFeed implements ShouldQueue
{
    use Dispatchable, Queueable;

    public function __construct(public string $feedUrl)
    {
    }

    public function handle(): void
    {
        $xml = file_get_contents('https://feeds.example.com/cache.xml');
        $doc = new \DOMDocument();
        // ruleid: php.xxe
        $doc->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD);
        // ok: php.xxe
        $doc->loadXML($xml, LIBXML_NONET);
        $ch = curl_init('https://feeds.example.com/');
        // ruleid: php.curl-ssl-verify-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
        // ok: php.curl-ssl-verify-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, true);
        curl_exec($ch);
    }
}
