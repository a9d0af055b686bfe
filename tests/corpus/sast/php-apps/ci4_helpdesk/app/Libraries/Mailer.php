<?php // stockade-expect: annotated

namespace App\Libraries;

class Mailer
{
    public function notify(string $to, string $subject, string $replyTo): bool
    {
        // ruleid: php.mail-header-injection
        return mail($to, $subject, 'A ticket was updated.', 'Reply-To: ' . $_POST['reply_to']);
    }

    public function notifySafe(string $to, string $subject): bool
    {
        $reply = filter_var($_POST['reply_to'] ?? '', FILTER_VALIDATE_EMAIL) ?: 'support@example.com';
        // ok: php.mail-header-injection
        return mail($to, $subject, 'A ticket was updated.', ['Reply-To' => str_replace(["\r", "\n"], '', $reply)]);
    }

    public function sign(string $payload): string
    {
        // ruleid: php.openssl-static-iv
        return openssl_encrypt($payload, 'aes-256-cbc', getenv('MAIL_KEY'), 0, '1234567890abcdef');
    }

    public function signSafe(string $payload): string
    {
        $iv = random_bytes(16);
        // ok: php.openssl-static-iv
        return base64_encode($iv . openssl_encrypt($payload, 'aes-256-cbc', getenv('MAIL_KEY'), OPENSSL_RAW_DATA, $iv));
    }
}
