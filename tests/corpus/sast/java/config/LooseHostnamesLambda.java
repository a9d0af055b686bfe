// stockade-expect: vulnerable CWE-295
package com.example.net;

import javax.net.ssl.HttpsURLConnection;

public class LooseHostnamesLambda {
    public static void install() {
        HttpsURLConnection.setDefaultHostnameVerifier((hostname, session) -> true);
    }
}
