<?php // stockade-expect: annotated

namespace App\Security;

class TokenGenerator
{
    public function resetToken(): string
    {
        // ruleid: php.weak-random
        return sha1(uniqid((string) rand(), true));
    }

    public function apiToken(): string
    {
        // ok: php.weak-random
        return bin2hex(random_bytes(32));
    }

    public function hashPassword(string $plain): string
    {
        // ruleid: php.weak-hash-password
        return md5($plain);
    }

    public function hashPasswordSafe(string $plain): string
    {
        // ok: php.weak-hash-password
        return password_hash($plain, PASSWORD_DEFAULT);
    }

    public function encrypt(string $data, string $key): string
    {
        // ruleid: php.weak-cipher
        return openssl_encrypt($data, 'aes-256-ecb', $key, 0);
    }

    public function encryptSafe(string $data, string $key, string $iv, string &$tag): string
    {
        // ok: php.weak-cipher
        return openssl_encrypt($data, 'aes-256-gcm', $key, 0, $iv, $tag);
    }
}
