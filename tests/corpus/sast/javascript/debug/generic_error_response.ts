// stockade-expect: safe CWE-489
import express, { NextFunction, Request, Response } from "express";

const app = express();
app.use((err: Error, req: Request, res: Response, next: NextFunction) => {
  console.error(err.stack);
  res.status(500).send("Internal error");
});
