// stockade-expect: safe CWE-78
import { exec } from "child_process";
import type { Request, Response } from "express";

const TOOLS: Record<string, string> = { disk: "df -h", mem: "free -m" };

export function stats(req: Request, res: Response): void {
  const cmd = TOOLS["disk"];
  exec(cmd, (err, out) => res.send(out));
}
