// stockade-expect: vulnerable CWE-489
import express, { NextFunction, Request, Response } from "express";

const app = express();
app.use((err: Error, req: Request, res: Response, next: NextFunction) => {
  res.status(500).send(err.stack);
});
