<?php // stockade-expect: safe CWE-338
function reset_token(): string
{
    return bin2hex(random_bytes(32));
}
