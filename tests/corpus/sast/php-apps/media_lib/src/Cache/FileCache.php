<?php // stockade-expect: annotated

declare(strict_types=1);

namespace Acme\Media\Cache;

final class FileCache
{
    public function __construct(private string $dir)
    {
    }

    public function get(string $key): mixed
    {
        $file = $this->dir . '/' . sha1($key);
        if (!is_file($file)) {
            return null;
        }
        // ruleid: php.insecure-deserialization
        return unserialize(file_get_contents($file));
    }

    public function getSafe(string $key): mixed
    {
        $file = $this->dir . '/' . sha1($key);
        // ok: php.insecure-deserialization
        return is_file($file) ? json_decode((string) file_get_contents($file), true) : null;
    }

    public function set(string $key, mixed $value): void
    {
        $file = $this->dir . '/' . sha1($key);
        file_put_contents($file, serialize($value));
        // ruleid: php.world-writable-permissions
        chmod($file, 0777);
        // ok: php.world-writable-permissions
        chmod($file, 0640);
    }
}
