// stockade-expect: vulnerable CWE-328
package com.example.auth;

import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;

public class PasswordHasher {
    public byte[] hash(String password) throws Exception {
        MessageDigest md = MessageDigest.getInstance("MD5");
        return md.digest(password.getBytes(StandardCharsets.UTF_8));
    }
}
