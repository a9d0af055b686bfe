<?php // stockade-expect: annotated

declare(strict_types=1);

namespace Acme\Media\Image;

final class Converter
{
    public function __construct(private string $binary = '/usr/bin/convert')
    {
    }

    public function resize(string $source, string $target, string $geometry): bool
    {
        // ruleid: php.command-injection-parameter
        exec($this->binary . ' ' . $source . ' -resize ' . $geometry . ' ' . $target, $out, $code);
        return $code === 0;
    }

    public function resizeSafe(string $source, string $target, string $geometry): bool
    {
        $cmd = sprintf('%s %s -resize %s %s', escapeshellcmd($this->binary), escapeshellarg($source), escapeshellarg($geometry), escapeshellarg($target));
        // ok: php.command-injection-parameter
        exec($cmd, $out, $code);
        return $code === 0;
    }

    public function loadFilter(string $name): callable
    {
        // ruleid: php.file-inclusion-parameter
        return require __DIR__ . '/filters/' . $name . '.php';
    }

    public function loadFilterSafe(string $name): callable
    {
        $known = ['sepia' => 'sepia.php', 'blur' => 'blur.php'];
        // ok: php.file-inclusion-parameter
        return require __DIR__ . '/filters/' . ($known[$name] ?? 'none.php');
    }
}
