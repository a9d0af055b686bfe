// stockade-expect: vulnerable CWE-347
package com.example.auth;

import io.jsonwebtoken.Claims;
import io.jsonwebtoken.Jwt;
import io.jsonwebtoken.Jwts;

public class JjwtParser {
    private final byte[] key;

    public JjwtParser(byte[] key) { this.key = key; }

    public Object claims(String token) {
        Jwt<?, ?> jwt = Jwts.parser().setSigningKey(key).parse(token);
        return jwt.getBody();
    }
}
