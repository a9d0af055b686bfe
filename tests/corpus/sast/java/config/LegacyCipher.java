// stockade-expect: vulnerable CWE-327
package com.example.crypto;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

public class LegacyCipher {
    public byte[] encrypt(byte[] key, byte[] data) throws Exception {
        Cipher cipher = Cipher.getInstance("AES");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        return cipher.doFinal(data);
    }
}
