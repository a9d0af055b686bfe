// stockade-expect: safe CWE-295
package com.example.net;

import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

public class PinnedTrustClient implements X509TrustManager {
    private final X509TrustManager delegate;

    public PinnedTrustClient(KeyStore ks) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        this.delegate = (X509TrustManager) tmf.getTrustManagers()[0];
    }

    public X509Certificate[] getAcceptedIssuers() { return delegate.getAcceptedIssuers(); }
    public void checkClientTrusted(X509Certificate[] c, String a) throws CertificateException { delegate.checkClientTrusted(c, a); }
    public void checkServerTrusted(X509Certificate[] c, String a) throws CertificateException {
        if (c == null || c.length == 0) throw new CertificateException("empty chain");
        delegate.checkServerTrusted(c, a);
    }
}
