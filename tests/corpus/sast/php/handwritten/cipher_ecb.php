<?php // stockade-expect: vulnerable CWE-327
function encrypt_card(string $pan, string $key): string
{
    return base64_encode(openssl_encrypt($pan, 'aes-256-ecb', $key, OPENSSL_RAW_DATA));
}
