<?php // stockade-expect: annotated

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

class Tenant extends Model
{
    protected $fillable = ['name', 'plan'];

    public function scopeNamed($query, string $name)
    {
        // ruleid: php.sql-injection-parameter
        return $query->whereRaw("name = '" . $name . "'");
    }

    public function scopeNamedSafe($query, string $name)
    {
        // ok: php.sql-injection-parameter
        return $query->where('name', $name);
    }

    public function apiKey(): string
    {
        // ruleid: php.weak-random
        return substr(str_shuffle('abcdefghijklmnopqrstuvwxyz0123456789'), 0, 32);
    }

    public function apiKeySafe(): string
    {
        // ok: php.weak-random
        return bin2hex(random_bytes(16));
    }
}
