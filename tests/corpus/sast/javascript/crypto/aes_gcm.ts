// stockade-expect: safe CWE-327
import * as crypto from "crypto";

export function seal(data: Buffer, key: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", key, iv);
  return Buffer.concat([iv, c.update(data), c.final(), c.getAuthTag()]);
}
