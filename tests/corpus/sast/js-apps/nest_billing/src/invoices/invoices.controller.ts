// stockade-expect: annotated
import { Body, Controller, Get, Headers, Param, ParseIntPipe, Post, Query, Redirect, Res } from "@nestjs/common";
import { Response } from "express";
import { PrismaClient, Prisma } from "@prisma/client";
import { DataSource } from "typeorm";
import { spawn } from "child_process";
import * as fs from "fs/promises";
import * as path from "path";
import axios from "axios";

const prisma = new PrismaClient();

@Controller("invoices")
export class InvoicesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get("search")
  async search(@Query("customer") customer: string) {
    // ruleid: javascript.sql-injection
    return prisma.$queryRawUnsafe(`SELECT * FROM "Invoice" WHERE customer = '${customer}'`);
  }

  @Get("search-safe")
  async searchSafe(@Query("customer") customer: string) {
    // ok: javascript.sql-injection
    return prisma.$queryRaw`SELECT * FROM "Invoice" WHERE customer = ${customer}`;
  }

  @Post("void")
  async voidInvoices(@Body("ids") ids: string) {
    // ruleid: javascript.sql-injection
    return prisma.$executeRawUnsafe("UPDATE \"Invoice\" SET status = 'void' WHERE id IN (" + ids + ")");
  }

  @Post("void-safe")
  async voidSafe(@Body("ids") ids: number[]) {
    // ok: javascript.sql-injection
    return prisma.$executeRaw`UPDATE "Invoice" SET status = 'void' WHERE id IN (${Prisma.join(ids)})`;
  }

  @Get("totals")
  async totals(@Query("region") region: string) {
    // ruleid: javascript.sql-injection
    return this.dataSource.query(`SELECT region, SUM(amount) FROM invoice WHERE region = '${region}' GROUP BY region`);
  }

  @Get("totals-safe")
  async totalsSafe(@Query("region") region: string) {
    // ok: javascript.sql-injection
    return this.dataSource.query("SELECT region, SUM(amount) FROM invoice WHERE region = $1 GROUP BY region", [region]);
  }

  @Get("by-status")
  async byStatus(@Query("status") status: string) {
    return this.dataSource
      .getRepository("Invoice")
      .createQueryBuilder("i")
      // ruleid: javascript.sql-injection
      .where(`i.status = '${status}'`)
      .getMany();
  }

  @Get("by-status-safe")
  async byStatusSafe(@Query("status") status: string) {
    return this.dataSource
      .getRepository("Invoice")
      .createQueryBuilder("i")
      // ok: javascript.sql-injection
      .where("i.status = :status", { status })
      .getMany();
  }

  @Get(":id/pdf")
  async pdf(@Param("id") id: string, @Res() res: Response) {
    // ruleid: javascript.path-traversal
    const body = await fs.readFile(path.join("/var/invoices", id + ".pdf"));
    res.type("application/pdf").send(body);
  }

  @Get(":id/pdf-safe")
  async pdfSafe(@Param("id", ParseIntPipe) id: number, @Res() res: Response) {
    // ok: javascript.path-traversal
    const body = await fs.readFile(path.join("/var/invoices", `${id}.pdf`));
    res.type("application/pdf").send(body);
  }

  @Post("render")
  async render(@Body("template") template: string) {
    // ruleid: javascript.command-injection
    const child = spawn("wkhtmltopdf " + template + " /tmp/out.pdf", { shell: true });
    return { pid: child.pid };
  }

  @Post("render-safe")
  async renderSafe(@Body("template") template: string) {
    // ok: javascript.command-injection
    const child = spawn("wkhtmltopdf", [template, "/tmp/out.pdf"]);
    return { pid: child.pid };
  }

  @Post("webhook-test")
  async webhookTest(@Body("url") url: string) {
    // ruleid: javascript.ssrf
    const r = await axios.post(url, { ping: true });
    return { status: r.status };
  }

  @Post("webhook-test-safe")
  async webhookTestSafe(@Body("id") id: string) {
    // ok: javascript.ssrf
    const r = await axios.post(`https://hooks.billing.example.com/${encodeURIComponent(id)}`, { ping: true });
    return { status: r.status };
  }

  @Get("lang")
  lang(@Headers("accept-language") lang: string, @Res() res: Response) {
    // ruleid: javascript.xss
    res.send(`<html lang="${lang}"><body>Invoices</body></html>`);
  }

  @Get("lang-safe")
  langSafe(@Headers("accept-language") lang: string) {
    // ok: javascript.xss
    return { lang };
  }
}
