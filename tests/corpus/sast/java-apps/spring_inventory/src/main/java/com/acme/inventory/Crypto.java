// stockade-expect: annotated
package com.acme.inventory;

import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

public class Crypto {
    // ruleid: java.static-iv
    private static final GCMParameterSpec FIXED = new GCMParameterSpec(128, new byte[12]);
    private final SecureRandom random = new SecureRandom();

    public byte[] encrypt(byte[] key, byte[] data) throws Exception {
        // ruleid: java.cipher-ecb-mode
        Cipher c = Cipher.getInstance("AES");
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        return c.doFinal(data);
    }

    public byte[] encryptGcm(byte[] key, byte[] data) throws Exception {
        byte[] iv = new byte[12];
        random.nextBytes(iv);
        // ok: java.cipher-ecb-mode
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        // ok: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
        return c.doFinal(data);
    }

    public String hashPassword(String password) throws Exception {
        // ruleid: java.weak-hash
        MessageDigest md = MessageDigest.getInstance("MD5");
        return new java.math.BigInteger(1, md.digest(password.getBytes())).toString(16);
    }

    public String checksum(byte[] file) throws Exception {
        // ok: java.weak-hash
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        return new java.math.BigInteger(1, md.digest(file)).toString(16);
    }

    public String resetToken() {
        // ruleid: java.insecure-random
        Random r = new Random();
        return Long.toHexString(r.nextLong());
    }

    public KeyPairGenerator rsa() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        // ruleid: java.weak-rsa-key
        g.initialize(1024);
        return g;
    }

    public KeyPairGenerator rsaStrong() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        // ok: java.weak-rsa-key
        g.initialize(3072);
        return g;
    }
}
