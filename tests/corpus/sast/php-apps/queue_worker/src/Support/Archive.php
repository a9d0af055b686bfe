<?php // stockade-expect: annotated

namespace Worker\Support;

class Archive
{
    public static function extract(string $archive, string $dest): void
    {
        // ruleid: php.command-injection-parameter
        system("unzip -o $archive -d $dest");
    }

    public static function extractSafe(string $archive, string $dest): void
    {
        // ok: php.command-injection-parameter
        system('unzip -o ' . escapeshellarg($archive) . ' -d ' . escapeshellarg($dest));
    }

    public static function load(string $path): mixed
    {
        // ruleid: php.insecure-deserialization-parameter
        return unserialize(file_get_contents($path));
    }

    public static function loadSafe(string $path): mixed
    {
        // ok: php.insecure-deserialization-parameter
        return json_decode(file_get_contents($path), true);
    }

    public static function cacheKey(string $name): string
    {
        // ok: php.weak-hash
        return 'cache:' . hash('xxh3', $name);
    }

    public static function encrypt(string $plain, string $key): string
    {
        // ruleid: php.weak-cipher
        return mcrypt_encrypt(MCRYPT_RIJNDAEL_128, $key, $plain, MCRYPT_MODE_ECB);
    }
}
