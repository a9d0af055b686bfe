// stockade-expect: vulnerable CWE-328
import { createHash } from "crypto";

export function signature(secret: string, payload: string): string {
  return createHash("sha1").update(secret + payload).digest("base64");
}
