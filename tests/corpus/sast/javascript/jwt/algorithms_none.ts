// stockade-expect: vulnerable CWE-347
import jwt from "jsonwebtoken";

export function readToken(token: string, key: string) {
  return jwt.verify(token, key, { algorithms: ["HS256", "none"] });
}
