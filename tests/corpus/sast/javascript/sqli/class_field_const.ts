// stockade-expect: safe CWE-89
import { Request, Response } from "express";
import { Pool } from "pg";

class ReportController {
  private filter = "emea";
  constructor(private readonly pool: Pool) {}

  async run(req: Request, res: Response): Promise<void> {
    const rows = await this.pool.query("SELECT * FROM sales WHERE region = '" + this.filter + "'", []);
    res.json({ rows: rows.rows, asked: req.query.region });
  }
}

export default ReportController;
