// stockade-expect: annotated
import express, { Request, Response } from "express";
import { Sequelize, QueryTypes } from "sequelize";
import { spawn } from "child_process";
import crypto from "crypto";
import fs from "fs";

const sequelize = new Sequelize(process.env.DB_URL as string);

class UserService {
  constructor(private readonly db: Sequelize) {}

  async byEmail(email: string) {
    // ruleid: javascript.sql-injection
    return this.db.query(`SELECT * FROM users WHERE email = '${email}'`, { type: QueryTypes.SELECT });
  }

  async byId(id: string) {
    // ok: javascript.sql-injection
    return this.db.query("SELECT * FROM users WHERE id = :id", { replacements: { id }, type: QueryTypes.SELECT });
  }
}

function buildArchiveArgs(name: string): string[] {
  return ["-czf", `/tmp/${name}.tgz`, "/srv/data"];
}

export class UserController {
  private service = new UserService(sequelize);

  lookup = async (req: Request, res: Response) => {
    const rows = await this.service.byEmail(req.query.email as string);
    res.json(rows);
  };

  show = async (req: Request, res: Response) => {
    res.json(await this.service.byId(req.params.id));
  };

  archive = (req: Request, res: Response) => {
    // ok: javascript.command-injection
    const child = spawn("tar", buildArchiveArgs(req.body.name));
    child.on("close", (code) => res.json({ code }));
  };

  archiveShell = (req: Request, res: Response) => {
    // ruleid: javascript.command-injection
    const child = spawn(`tar -czf /tmp/${req.body.name}.tgz /srv/data`, { shell: true });
    child.on("close", (code) => res.json({ code }));
  };

  avatar = (req: Request, res: Response) => {
    const file = `/srv/avatars/${req.params.user}.png`;
    // ruleid: javascript.path-traversal
    res.sendFile(file);
  };

  avatarSafe = (req: Request, res: Response) => {
    // ok: javascript.path-traversal
    res.sendFile(`${req.params.user}.png`, { root: "/srv/avatars" });
  };

  token = (_req: Request, res: Response) => {
    // ok: javascript.insecure-random
    const id = crypto.randomUUID();
    // ok: javascript.weak-hash
    const etag = crypto.createHash("sha1").update(fs.readFileSync("/srv/static/app.js")).digest("hex");
    res.json({ id, etag });
  };

  greet = (req: Request, res: Response) => {
    const name = req.query.name;
    // ruleid: javascript.xss
    res.status(200).send("<h1>Hello " + name + "</h1>");
  };

  greetEscaped = (req: Request, res: Response) => {
    const name = String(req.query.name).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    // ok: javascript.xss
    res.status(200).send("<h1>Hello " + name + "</h1>");
  };

  cookie = (req: Request, res: Response) => {
    // ruleid: javascript.insecure-cookie
    res.cookie("session", req.body.session, { httpOnly: false });
    // ok: javascript.insecure-cookie
    res.cookie("theme", "dark", { httpOnly: true, secure: true, sameSite: "lax" });
    res.end();
  };
}

const app = express();
const users = new UserController();
app.get("/users/lookup", users.lookup);
app.get("/users/:id", users.show);
app.post("/users/archive", users.archive);
