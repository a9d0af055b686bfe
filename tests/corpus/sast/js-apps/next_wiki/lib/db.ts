// stockade-expect: annotated
import { PrismaClient } from "@prisma/client";
import mysql from "mysql2/promise";

export const prisma = new PrismaClient();
export const pool = mysql.createPool({
  host: process.env.DB_HOST,
  user: "wiki",
  // ruleid: javascript.hardcoded-database-password
  password: "wiki-prod-2023!",
  database: "wiki",
});
export const replica = mysql.createPool({
  host: process.env.DB_REPLICA_HOST,
  user: "wiki",
  // ok: javascript.hardcoded-database-password
  password: process.env.DB_PASSWORD,
  // ruleid: javascript.mysql-multiple-statements
  multipleStatements: true,
});

export async function pagesByTag(tag: string) {
  // ruleid: javascript.sql-injection
  return prisma.$queryRawUnsafe(`SELECT slug, title FROM "Page" WHERE '${tag}' = ANY(tags)`);
}

export async function pagesByTagSafe(tag: string) {
  // ok: javascript.sql-injection
  return prisma.$queryRaw`SELECT slug, title FROM "Page" WHERE ${tag} = ANY(tags)`;
}
