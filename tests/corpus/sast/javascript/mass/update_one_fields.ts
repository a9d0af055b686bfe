// stockade-expect: safe CWE-915
import { Request, Response } from "express";
import { Account } from "./entities";

export async function update(req: Request, res: Response) {
  const account = await Account.findOneByOrFail({ id: Number(req.params.id) });
  account.displayName = String(req.body.displayName);
  await account.save();
  res.json(account);
}
