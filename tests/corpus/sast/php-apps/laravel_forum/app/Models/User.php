<?php // stockade-expect: annotated

namespace App\Models;

use Illuminate\Foundation\Auth\User as Authenticatable;

class User extends Authenticatable
{
    // ruleid: php.eloquent-unguarded
    protected $guarded = [];

    public function resetToken(): string
    {
        // ruleid: php.weak-random
        return md5(uniqid((string) mt_rand(), true));
    }

    public function resetTokenSafe(): string
    {
        // ok: php.weak-random
        return bin2hex(random_bytes(32));
    }

    public function checkLegacyPassword(string $plain): bool
    {
        // ruleid: php.weak-hash-password
        return md5($plain) === $this->legacy_password;
    }

    public function checkPassword(string $plain): bool
    {
        // ok: php.weak-hash-password
        return password_verify($plain, $this->password);
    }
}
