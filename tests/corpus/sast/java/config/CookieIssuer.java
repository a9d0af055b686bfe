// stockade-expect: vulnerable CWE-1004
package com.example.session;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;

public class CookieIssuer {
    public void issue(HttpServletResponse response, String sessionId) {
        Cookie c = new Cookie("SESSION", sessionId);
        c.setSecure(true);
        c.setHttpOnly(false);
        response.addCookie(c);
    }
}
