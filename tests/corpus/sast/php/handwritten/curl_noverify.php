<?php // stockade-expect: vulnerable CWE-295
$ch = curl_init('https://partner.example.com/api');
curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
$body = curl_exec($ch);
