// stockade-expect: annotated
package com.acme.gateway;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.SSLContext;

public class TokenService {
    // ruleid: java.hardcoded-crypto-key
    private static final byte[] KEY = "0123456789abcdef".getBytes();
    private static final byte[] IV = new byte[16];
    private final SecureRandom secure = new SecureRandom();

    public String sessionToken() {
        // ruleid: java.insecure-random
        long value = new Random().nextLong();
        // ok: java.insecure-random
        long value2 = secure.nextLong();
        return Long.toHexString(value) + Long.toHexString(value2);
    }

    public String fingerprint(String apiKey) throws Exception {
        // ruleid: java.weak-hash
        MessageDigest md = MessageDigest.getInstance("MD5");
        // ok: java.weak-hash
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        return Base64.getEncoder().encodeToString(md.digest(apiKey.getBytes())) + Base64.getEncoder().encodeToString(sha.digest(apiKey.getBytes()));
    }

    public byte[] sealLegacy(byte[] data, SecretKeySpec key) throws Exception {
        // ruleid: java.cipher-ecb-mode
        Cipher c = Cipher.getInstance("AES/ECB/PKCS5Padding");
        c.init(Cipher.ENCRYPT_MODE, key);
        return c.doFinal(data);
    }

    public byte[] seal(byte[] data, SecretKeySpec key) throws Exception {
        byte[] nonce = new byte[12];
        secure.nextBytes(nonce);
        // ok: java.cipher-ecb-mode
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
        return c.doFinal(data);
    }

    public byte[] sealCbc(byte[] data, SecretKeySpec key) throws Exception {
        Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
        // ruleid: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(IV));
        return c.doFinal(data);
    }

    public byte[] sealCbcSafe(byte[] data, SecretKeySpec key) throws Exception {
        byte[] iv = new byte[16];
        secure.nextBytes(iv);
        Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
        // ok: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        return c.doFinal(data);
    }

    public SSLContext legacyTls() throws Exception {
        // ruleid: java.insecure-tls-version
        return SSLContext.getInstance("TLSv1");
    }

    public SSLContext modernTls() throws Exception {
        // ok: java.insecure-tls-version
        return SSLContext.getInstance("TLSv1.3");
    }
}
