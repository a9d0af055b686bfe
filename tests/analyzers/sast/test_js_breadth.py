"""JavaScript/TypeScript breadth: weaker sources (environment, command line, serverless
events, queue and socket messages) at medium confidence and only for the sinks where they
matter, every rule usable on TypeScript and TSX files, JSX and CDK checks on real TS syntax."""

from __future__ import annotations

from pathlib import Path

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.ruleset import load_all
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

ANALYZER = SastAnalyzer()
LANGUAGES = {".js": "javascript", ".ts": "typescript", ".tsx": "tsx"}


def scan(tmp_path: Path, code: str, suffix: str = ".js") -> list[Finding]:
    path = tmp_path / f"case{suffix}"
    path.write_text(code, encoding="utf-8")
    source = SourceFile(path.name, str(path), path.stat().st_size, LANGUAGES[suffix])
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    findings = list(ANALYZER.analyze_file(load_content(source), ctx))
    assert not [i for i in ctx.issues if i.kind == "error"], ctx.issues
    return findings


def by_rule(findings: list[Finding], rule_id: str) -> list[Finding]:
    return [f for f in findings if f.rule_id == rule_id]


def test_rule_count_reaches_the_target() -> None:
    rules = load_all()["javascript"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 120


def test_every_rule_compiles_for_typescript_and_tsx() -> None:
    """JSX rules are written without JSX node types, so the TypeScript grammar (which has
    none) runs them too instead of reporting a broken query on every .ts file."""
    rules = load_all()["javascript"]
    for grammar in ("javascript", "typescript", "tsx"):
        broken = [(r.meta.id, err) for r, _q, _u, err in rules.queries_for(grammar) if err]
        assert not broken, (grammar, broken)


def test_lambda_event_is_a_medium_confidence_source(tmp_path: Path) -> None:
    code = (
        'const { exec } = require("child_process");\n'
        "exports.handler = async (event, context) => {\n"
        "  exec(`convert ${event.key} out.png`);\n"
        '  exec("ls " + JSON.parse(event.body).dir);\n'
        "};\n"
        "function helper(event) { exec(event.cmd); }\n"
    )
    found = by_rule(scan(tmp_path, code), "javascript.command-injection")
    assert sorted(f.location.line for f in found) == [3, 4]
    assert {str(f.confidence) for f in found} == {"medium"}


def test_request_source_stays_high_confidence(tmp_path: Path) -> None:
    code = (
        'const { exec } = require("child_process");\n'
        'app.get("/x", (req, res) => exec("ls " + req.query.dir));\n'
    )
    found = by_rule(scan(tmp_path, code), "javascript.command-injection")
    assert [str(f.confidence) for f in found] == ["high"]


def test_environment_and_argv_feed_command_and_sql_but_not_xss(tmp_path: Path) -> None:
    code = (
        'const { execSync } = require("child_process");\n'
        'execSync("pg_dump " + process.env.DB_NAME);\n'
        'pool.query("SELECT * FROM " + process.argv[2]);\n'
        'app.get("/v", (req, res) => res.send("<p>" + process.env.VERSION + "</p>"));\n'
        'app.get("/r", (req, res) => res.redirect(process.env.HOME_URL));\n'
    )
    found = scan(tmp_path, code)
    assert [f.location.line for f in by_rule(found, "javascript.command-injection")] == [2]
    assert [f.location.line for f in by_rule(found, "javascript.sql-injection")] == [3]
    assert not by_rule(found, "javascript.xss")
    assert not by_rule(found, "javascript.open-redirect")


def test_queue_and_socket_messages_are_sources(tmp_path: Path) -> None:
    code = (
        'const { exec, execFile } = require("child_process");\n'
        "consumer.run({ eachMessage: async ({ message }) => {\n"
        '  exec("gzip " + message.value.toString());\n'
        '  execFile("gzip", [message.value.toString()]);\n'
        "} });\n"
        'channel.consume("q", (msg) => exec("tar " + msg.content.toString()));\n'
        'ws.on("message", (data) => exec("echo " + data));\n'
        'emitter.on("ready", (data) => exec("echo " + data));\n'
    )
    found = by_rule(scan(tmp_path, code), "javascript.command-injection")
    assert sorted(f.location.line for f in found) == [3, 6, 7]


def test_message_handler_origin_check_clears_dom_xss(tmp_path: Path) -> None:
    code = (
        'window.addEventListener("message", (e) => {\n'
        '  document.getElementById("a").innerHTML = e.data;\n'
        "});\n"
        'window.addEventListener("message", (e) => {\n'
        '  if (e.origin !== "https://a.example") return;\n'
        '  document.getElementById("b").innerHTML = e.data;\n'
        "});\n"
    )
    found = scan(tmp_path, code)
    assert [f.location.line for f in by_rule(found, "javascript.xss-dom")] == [2]
    audit = by_rule(found, "javascript.postmessage-handler-without-origin-check")
    assert [f.location.line for f in audit] == [1]


def test_jsx_checks_run_on_tsx(tmp_path: Path) -> None:
    code = (
        "type P = { html: string; url: string };\n"
        "export const A = ({ html, url }: P) => (\n"
        "  <div>\n"
        '    <a href={url} target="_blank">x</a>\n'
        '    <a href={url} target="_blank" rel="noreferrer">y</a>\n'
        "    <p dangerouslySetInnerHTML={{ __html: html }} />\n"
        "    <p dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />\n"
        "  </div>\n"
        ");\n"
    )
    found = scan(tmp_path, code, ".tsx")
    blank = by_rule(found, "javascript.jsx-target-blank-without-noopener")
    assert [f.location.line for f in blank] == [4]
    html = by_rule(found, "javascript.react-dangerously-set-inner-html-unsanitized")
    assert [f.location.line for f in html] == [6]


def test_cdk_checks_on_typescript(tmp_path: Path) -> None:
    code = (
        'import * as s3 from "aws-cdk-lib/aws-s3";\n'
        "export class S extends Stack {\n"
        "  constructor(scope: Construct, id: string) {\n"
        "    super(scope, id);\n"
        '    const a: s3.Bucket = new s3.Bucket(this, "A", { versioned: true });\n'
        '    new s3.Bucket(this, "B", { encryption: s3.BucketEncryption.KMS, enforceSSL: true });\n'
        '    new sqs.Queue(this, "Q", { encryption: sqs.QueueEncryption.UNENCRYPTED });\n'
        "  }\n"
        "}\n"
    )
    found = scan(tmp_path, code, ".ts")
    enc = by_rule(found, "javascript.cdk-s3-bucket-no-explicit-encryption")
    assert [f.location.line for f in enc] == [5]
    ssl = by_rule(found, "javascript.cdk-s3-bucket-no-enforce-ssl")
    assert [f.location.line for f in ssl] == [5]
    queue = by_rule(found, "javascript.cdk-sqs-queue-unencrypted")
    assert [f.location.line for f in queue] == [7]
    assert {str(f.confidence) for f in enc + ssl + queue} == {"low"}


def test_socket_only_file_passes_the_source_prefilter(tmp_path: Path) -> None:
    """A socket.io handler's parameters are sources although no source name is written in the
    file: the prefilter keeps files announcing such callbacks."""
    code = (
        'const { spawn } = require("child_process");\n'
        'io.on("connection", (socket) => {\n'
        '  socket.on("ping-host", (host) => spawn("sh", ["-c", "ping " + host]));\n'
        "});\n"
    )
    found = by_rule(scan(tmp_path, code), "javascript.command-injection")
    assert [f.location.line for f in found] == [3]


def test_graphql_resolver_arguments_are_sources_but_reduce_is_not(tmp_path: Path) -> None:
    code = (
        "const resolvers = { Query: {\n"
        '  user: (_, { id }) => db.query("SELECT * FROM u WHERE id = " + id),\n'
        "} };\n"
        "const rows = list.reduce((obj, { key }) => {\n"
        '  db.query("SELECT * FROM t WHERE k = " + key);\n'
        "  return obj;\n"
        "}, {});\n"
    )
    found = by_rule(scan(tmp_path, code), "javascript.sql-injection")
    assert [f.location.line for f in found] == [2]
