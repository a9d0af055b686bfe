// stockade-expect: safe CWE-330
package com.example.auth;

import java.security.SecureRandom;

public class TokenGeneratorSafe {
    private final SecureRandom random = new SecureRandom();

    public String resetToken() {
        return Long.toHexString(random.nextLong());
    }
}
