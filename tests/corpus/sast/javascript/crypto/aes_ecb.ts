// stockade-expect: vulnerable CWE-327
import * as crypto from "crypto";

export function seal(data: Buffer, key: Buffer): Buffer {
  const c = crypto.createCipheriv("aes-128-ecb", key, null);
  return Buffer.concat([c.update(data), c.final()]);
}
