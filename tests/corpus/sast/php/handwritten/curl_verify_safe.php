<?php // stockade-expect: safe CWE-295
$ch = curl_init('https://partner.example.com/api');
curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
curl_setopt($ch, CURLOPT_CAINFO, '/etc/ssl/partner-ca.pem');
$body = curl_exec($ch);
