// stockade-expect: vulnerable CWE-915
import { Request, Response } from "express";
import { Account } from "./entities";

export async function update(req: Request, res: Response) {
  const account = await Account.findOneByOrFail({ id: Number(req.params.id) });
  Object.assign(account, req.body);
  await account.save();
  res.json(account);
}
