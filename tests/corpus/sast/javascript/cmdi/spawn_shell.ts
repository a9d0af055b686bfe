// stockade-expect: vulnerable CWE-78
import { spawn } from "child_process";
import type { Request, Response } from "express";

export function convert(req: Request, res: Response): void {
  const name = req.body.filename;
  const proc = spawn(`convert ${name} out.png`, { shell: true });
  proc.on("close", () => res.sendStatus(204));
}
