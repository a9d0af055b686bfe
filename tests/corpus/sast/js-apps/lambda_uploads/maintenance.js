// stockade-expect: annotated
const { execSync } = require("child_process");
const { Client } = require("pg");

// A scheduled job: its inputs are the deployment's environment and the operator's arguments.
async function main() {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const days = Number(process.argv[2] || 30);
  // ok: javascript.sql-injection
  await client.query(`DELETE FROM uploads WHERE created_at < now() - interval '${days} days'`);
  // ruleid: javascript.sql-injection
  await client.query("VACUUM " + process.env.UPLOADS_TABLE);
  // ruleid: javascript.command-injection
  execSync("aws s3 sync /tmp/out s3://" + process.env.BUCKET_NAME);
  // ok: javascript.command-injection
  execSync("aws s3 ls");
  // ruleid: javascript.tls-verification-disabled-env
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  await client.end();
}

main();
