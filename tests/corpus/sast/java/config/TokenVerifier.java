// stockade-expect: safe CWE-347
package com.example.auth;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;

public class TokenVerifier {
    private final Algorithm algorithm;

    public TokenVerifier(String secret) {
        this.algorithm = Algorithm.HMAC256(secret);
    }

    public String userOf(String token) {
        DecodedJWT jwt = JWT.require(algorithm).withIssuer("auth0").build().verify(token);
        return jwt.getSubject();
    }
}
