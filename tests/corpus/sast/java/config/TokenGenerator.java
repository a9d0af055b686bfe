// stockade-expect: vulnerable CWE-330
package com.example.auth;

import java.util.Random;

public class TokenGenerator {
    private final Random random = new Random();

    public String resetToken() {
        return Long.toHexString(random.nextLong());
    }
}
