// stockade-expect: annotated
import type { NextApiRequest, NextApiResponse } from "next";
import jwt from "jsonwebtoken";
import axios from "axios";
import { prisma } from "../../lib/prisma";

type Data = { ok: boolean; data?: unknown };

export default async function handler(req: NextApiRequest, res: NextApiResponse<Data>) {
  const token = String(req.headers.authorization ?? "").replace("Bearer ", "");
  // ruleid: javascript.jwt-decode-without-verify
  const claims = jwt.decode(token) as { sub: string } | null;
  // ok: javascript.jwt-decode-without-verify
  const verified = jwt.verify(token, process.env.JWT_SECRET as string) as { sub: string };

  const { email, avatarUrl } = req.body;
  // ruleid: javascript.sql-injection
  const users = await prisma.$queryRawUnsafe(`SELECT * FROM "User" WHERE email = '${email}'`);
  // ok: javascript.sql-injection
  const users2 = await prisma.$queryRaw`SELECT * FROM "User" WHERE email = ${email}`;

  // ruleid: javascript.ssrf
  const avatar = await axios.get(avatarUrl, { responseType: "arraybuffer" });
  // ok: javascript.ssrf
  const health = await axios.get("https://status.example.com/health");

  // ruleid: javascript.log-injection
  console.info("profile update by " + email);

  res.status(200).json({ ok: true, data: [claims, verified, users, users2, avatar.status, health.status] });
}
