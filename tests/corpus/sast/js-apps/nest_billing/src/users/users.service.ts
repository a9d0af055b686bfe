// stockade-expect: annotated
import { Injectable } from "@nestjs/common";
import { InjectRepository } from "@nestjs/typeorm";
import { Repository } from "typeorm";
import * as crypto from "crypto";
import * as jwt from "jsonwebtoken";
import { User } from "./user.entity";

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  hashPassword(password: string): string {
    // ruleid: javascript.password-fast-hash
    return crypto.createHash("sha1").update(password).digest("hex");
  }

  hashPasswordSafe(password: string, salt: Buffer): string {
    // ok: javascript.password-fast-hash
    return crypto.scryptSync(password, salt, 64).toString("hex");
  }

  encryptNote(note: string, key: Buffer): string {
    // ruleid: javascript.weak-cipher
    const cipher = crypto.createCipheriv("aes-256-ecb", key, null);
    return cipher.update(note, "utf8", "hex") + cipher.final("hex");
  }

  encryptNoteSafe(note: string, key: Buffer): string {
    const iv = crypto.randomBytes(12);
    // ok: javascript.weak-cipher
    const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
    return iv.toString("hex") + cipher.update(note, "utf8", "hex") + cipher.final("hex");
  }

  resetToken(): string {
    // ruleid: javascript.insecure-random
    return Math.random().toString(36).slice(2);
  }

  resetTokenSafe(): string {
    // ok: javascript.insecure-random
    return crypto.randomBytes(32).toString("hex");
  }

  sign(user: User): string {
    // ruleid: javascript.jwt-hardcoded-secret
    return jwt.sign({ sub: user.id }, "billing-jwt-secret", { expiresIn: "1h" });
  }

  signSafe(user: User): string {
    // ok: javascript.jwt-hardcoded-secret
    return jwt.sign({ sub: user.id }, process.env.JWT_SECRET as string, { expiresIn: "1h" });
  }

  async findByEmail(email: string): Promise<User | null> {
    // ruleid: javascript.sql-injection
    const rows = await this.users.query(`SELECT * FROM "user" WHERE email = '${email}'`);
    return rows[0] ?? null;
  }

  async findByEmailSafe(email: string): Promise<User | null> {
    // ok: javascript.sql-injection
    return this.users.findOne({ where: { email } });
  }
}
