<?php // stockade-expect: safe CWE-327
function encrypt_card(string $pan, string $key): string
{
    $iv = random_bytes(12);
    $ct = openssl_encrypt($pan, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
    return base64_encode($iv . $tag . $ct);
}
