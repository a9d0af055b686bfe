// stockade-expect: safe CWE-347
package com.example.auth;

import io.jsonwebtoken.Claims;
import io.jsonwebtoken.Jwts;

public class JjwtParserSafe {
    private final byte[] key;

    public JjwtParserSafe(byte[] key) { this.key = key; }

    public Claims claims(String token) {
        return Jwts.parser().setSigningKey(key).parseClaimsJws(token).getBody();
    }
}
