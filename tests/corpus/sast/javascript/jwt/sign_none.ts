// stockade-expect: vulnerable CWE-347
import jwt from "jsonwebtoken";

export function issue(user: string): string {
  return jwt.sign({ sub: user }, "", { algorithm: "none" });
}
