// stockade-expect: vulnerable CWE-1321
import _ from "lodash";
import { Request, Response } from "express";

const config: Record<string, unknown> = {};

export function patch(req: Request, res: Response) {
  _.set(config, req.body.path, req.body.value);
  res.json(config);
}
