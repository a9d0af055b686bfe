// stockade-expect: vulnerable CWE-89
import { Request, Response } from "express";
import { Pool } from "pg";

class ReportController {
  private filter = "";
  constructor(private readonly pool: Pool) {}

  load(req: Request): void {
    this.filter = req.query.region as string;
  }

  async run(req: Request, res: Response): Promise<void> {
    this.load(req);
    const rows = await this.pool.query("SELECT * FROM sales WHERE region = '" + this.filter + "'");
    res.json(rows.rows);
  }
}

export default ReportController;
