// stockade-expect: annotated
const { S3Client, GetObjectCommand } = require("@aws-sdk/client-s3");
const { execSync, execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const mysql = require("mysql2/promise");

const s3 = new S3Client({});
const pool = mysql.createPool({ host: process.env.DB_HOST, user: "uploads", password: process.env.DB_PASSWORD });

exports.handler = async (event, context) => {
  const body = JSON.parse(event.body || "{}");
  const folder = event.queryStringParameters.folder;
  // ruleid: javascript.sql-injection
  const [rows] = await pool.query("SELECT * FROM uploads WHERE folder = '" + folder + "'");
  // ok: javascript.sql-injection
  const [mine] = await pool.query("SELECT * FROM uploads WHERE owner = ?", [body.owner]);
  // ruleid: javascript.path-traversal
  fs.writeFileSync(path.join("/tmp/uploads", body.filename), Buffer.from(body.data, "base64"));
  // ruleid: javascript.command-injection
  execSync(`unzip -o /tmp/uploads/${body.filename} -d /tmp/out`);
  // ok: javascript.command-injection
  execFileSync("unzip", ["-o", path.join("/tmp/uploads", path.basename(body.filename)), "-d", "/tmp/out"]);
  return { statusCode: 200, body: JSON.stringify({ rows, mine }) };
};

exports.thumbnail = async (event) => {
  for (const record of event.Records) {
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, " "));
    const obj = await s3.send(new GetObjectCommand({ Bucket: record.s3.bucket.name, Key: key }));
    // ruleid: javascript.command-injection
    execSync("convert /tmp/in -resize 128x128 /tmp/thumbs/" + key);
    // ok: javascript.command-injection
    execFileSync("convert", ["/tmp/in", "-resize", "128x128", path.join("/tmp/thumbs", path.basename(key))]);
    obj.Body.destroy();
  }
};
