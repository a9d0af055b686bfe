// stockade-expect: vulnerable CWE-1336
import Handlebars from "handlebars";
import { Request, Response } from "express";

export function preview(req: Request, res: Response) {
  const tpl = Handlebars.compile(req.body.template);
  res.send(tpl({ user: "guest" }));
}
