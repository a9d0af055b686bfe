<?php // stockade-expect: vulnerable CWE-338
function reset_token(): string
{
    return sha1(uniqid((string) mt_rand(), true));
}
