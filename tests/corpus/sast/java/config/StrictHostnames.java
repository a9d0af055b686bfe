// stockade-expect: safe CWE-295
package com.example.net;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSession;

public class StrictHostnames {
    public static void install() {
        HttpsURLConnection.setDefaultHostnameVerifier(new HostnameVerifier() {
            @Override
            public boolean verify(String hostname, SSLSession session) {
                return "api.example.com".equals(hostname) && session.isValid();
            }
        });
    }
}
