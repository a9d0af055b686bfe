// stockade-expect: safe CWE-1004
package com.example.session;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;

public class CookieIssuerSafe {
    public void issue(HttpServletResponse response, String sessionId) {
        Cookie c = new Cookie("SESSION", sessionId);
        c.setSecure(true);
        c.setHttpOnly(true);
        response.addCookie(c);
    }
}
