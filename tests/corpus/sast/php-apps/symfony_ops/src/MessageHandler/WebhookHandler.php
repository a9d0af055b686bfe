<?php // stockade-expect: annotated

namespace App\MessageHandler;

use App\Message\WebhookMessage;
use Symfony\Component\Messenger\Attribute\AsMessageHandler;
use Symfony\Contracts\HttpClient\HttpClientInterface;

#[AsMessageHandler]
class WebhookHandler
{
    public function __construct(private HttpClientInterface $client)
    {
    }

    public function __invoke(WebhookMessage $message): void
    {
        $payload = $message->getPayload();
        // ruleid: php.ssrf
        $this->client->request('POST', $payload['callback_url'], ['json' => $payload]);
        // ok: php.ssrf
        $this->client->request('POST', 'https://hooks.internal.example.com/relay', ['json' => $payload]);
        // ruleid: php.insecure-deserialization
        $state = unserialize($payload['state']);
        // ok: php.insecure-deserialization
        $state2 = json_decode($payload['state'], true, 16, JSON_THROW_ON_ERROR);
        $this->client->request('POST', 'https://hooks.internal.example.com/state', ['json' => [$state, $state2]]);
    }
}
