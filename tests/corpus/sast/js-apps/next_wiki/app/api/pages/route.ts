// stockade-expect: annotated
import { NextRequest, NextResponse } from "next/server";
import { exec } from "child_process";
import { promises as fs } from "fs";
import path from "path";
import { pool, prisma } from "../../../lib/db";

export async function GET(request: NextRequest) {
  const q = request.nextUrl.searchParams.get("q") ?? "";
  // ruleid: javascript.sql-injection
  const [rows] = await pool.query(`SELECT slug FROM pages WHERE title LIKE '%${q}%'`);
  // ok: javascript.sql-injection
  const [rows2] = await pool.query("SELECT slug FROM pages WHERE title LIKE ?", [`%${q}%`]);
  return NextResponse.json({ rows, rows2 });
}

export async function POST(request: NextRequest) {
  const body = await request.json();
  // ruleid: javascript.nosql-injection
  const page = await prisma.page.findFirst({ where: body.filter });
  // ok: javascript.nosql-injection
  const page2 = await prisma.page.findFirst({ where: { slug: String(body.slug) } });
  return NextResponse.json({ page, page2 });
}

export async function PUT(request: NextRequest) {
  const form = await request.formData();
  const name = String(form.get("name"));
  const file = form.get("file") as File;
  // ruleid: javascript.path-traversal
  await fs.writeFile(path.join(process.cwd(), "uploads", name), Buffer.from(await file.arrayBuffer()));
  // ok: javascript.path-traversal
  await fs.writeFile(path.join(process.cwd(), "uploads", path.basename(name)), Buffer.from(await file.arrayBuffer()));
  return new NextResponse(null, { status: 204 });
}

export async function DELETE(request: NextRequest) {
  const slug = request.nextUrl.searchParams.get("slug");
  // ruleid: javascript.command-injection
  exec(`git -C /srv/wiki rm pages/${slug}.md`);
  return NextResponse.json({ ok: true });
}

export async function PATCH(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("next") ?? "/";
  // ruleid: javascript.open-redirect
  return NextResponse.redirect(target);
}

export async function OPTIONS(request: NextRequest) {
  // ok: javascript.open-redirect
  return NextResponse.redirect(new URL("/wiki", request.url));
}
