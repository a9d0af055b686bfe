// stockade-expect: safe CWE-1336
import Handlebars from "handlebars";
import { Request, Response } from "express";

const SOURCE = "<p>{{user}}</p>";

export function preview(req: Request, res: Response) {
  const tpl = Handlebars.compile(SOURCE);
  res.send(tpl({ user: req.body.user }));
}
