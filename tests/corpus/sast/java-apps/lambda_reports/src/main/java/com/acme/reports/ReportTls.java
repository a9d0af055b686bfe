// stockade-expect: annotated
package com.acme.reports;

import java.security.cert.X509Certificate;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

public class ReportTls {
    static SSLContext insecure() throws Exception {
        TrustManager[] all = new TrustManager[] {
            new X509TrustManager() {
                public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
                public void checkClientTrusted(X509Certificate[] c, String a) { }
                // ruleid: java.trust-all-certificates
                public void checkServerTrusted(X509Certificate[] c, String a) { }
            }
        };
        // ruleid: java.insecure-tls-version
        SSLContext ctx = SSLContext.getInstance("SSL");
        ctx.init(null, all, null);
        // ruleid: java.hostname-verifier-accepts-all
        HttpsURLConnection.setDefaultHostnameVerifier((h, s) -> true);
        return ctx;
    }

    static SSLContext strict() throws Exception {
        // ok: java.insecure-tls-version
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(null, null, null);
        return ctx;
    }
}
