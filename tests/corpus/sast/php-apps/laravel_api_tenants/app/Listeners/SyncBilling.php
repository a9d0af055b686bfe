<?php // stockade-expect: annotated

namespace App\Listeners;

use App\Events\TenantCreated;
use GuzzleHttp\Client;

class SyncBilling
{
    public function __construct(private Client $http)
    {
    }

    public function handle(TenantCreated $event): void
    {
        $ch = curl_init();
        curl_setopt($ch, CURLOPT_URL, 'https://billing.example.com/tenants');
        // ruleid: php.tls-verify-option-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0);
        // ok: php.tls-verify-option-disabled
        curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);
        curl_exec($ch);
        // ruleid: php.tls-verify-disabled-options
        $this->http->post('https://billing.example.com/tenants', ['json' => ['id' => $event->tenant->id], 'verify' => false]);
        // ok: php.tls-verify-disabled-options
        $this->http->post('https://billing.example.com/tenants', ['json' => ['id' => $event->tenant->id]]);
    }
}
