"""Java SAST breadth: sources beyond the web request (command line, console, environment,
message listeners, Lambda handlers, archive entries) reach the dangerous-regardless sinks at
medium confidence; those sources stay out of rules where the operator's own choice is
normal (a CLI tool opening the file it is told to); parameter audit rules report text built
from a method's argument but not a wrapper running what it is given."""

from __future__ import annotations

from pathlib import Path

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.ruleset import load_all
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

ANALYZER = SastAnalyzer()


def scan(tmp_path: Path, code: str) -> list[Finding]:
    path = tmp_path / "Case.java"
    path.write_text(code, encoding="utf-8")
    source = SourceFile(path.name, str(path), path.stat().st_size, "java")
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    findings = list(ANALYZER.analyze_file(load_content(source), ctx))
    assert not [i for i in ctx.issues if i.kind == "error"], ctx.issues
    return findings


def hits(findings: list[Finding], rule_id: str) -> list[tuple[int, str]]:
    return [(f.location.line, str(f.confidence)) for f in findings if f.rule_id == rule_id]


def test_java_rule_count_reaches_the_breadth_target() -> None:
    rules = load_all()["java"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 115


def test_main_args_reach_a_shell_at_medium_confidence(tmp_path: Path) -> None:
    code = (
        "public class Tool {\n"
        "  public static void main(String[] args) throws Exception {\n"
        '    Runtime.getRuntime().exec("sh -c " + args[0]);\n'
        "  }\n"
        "}\n"
    )
    assert hits(scan(tmp_path, code), "java.command-injection") == [(3, "medium")]


def test_main_args_as_a_file_name_are_the_operators_choice(tmp_path: Path) -> None:
    code = (
        "public class Tool {\n"
        "  public static void main(String[] args) throws Exception {\n"
        "    byte[] data = java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(args[0]));\n"
        "  }\n"
        "}\n"
    )
    assert hits(scan(tmp_path, code), "java.path-traversal") == []


def test_a_method_named_main_without_string_args_is_no_source(tmp_path: Path) -> None:
    code = (
        "class Job {\n"
        "  void main(Config args) throws Exception {\n"
        '    Runtime.getRuntime().exec("sh -c " + args.command);\n'
        "  }\n"
        "}\n"
    )
    assert hits(scan(tmp_path, code), "java.command-injection") == []


def test_console_and_environment_reach_sql(tmp_path: Path) -> None:
    code = (
        "class Tool {\n"
        "  static void run(java.sql.Statement st) throws Exception {\n"
        "    java.util.Scanner scanner = new java.util.Scanner(System.in);\n"
        "    String user = scanner.nextLine();\n"
        '    st.executeUpdate("DELETE FROM u WHERE login = \'" + user + "\'");\n'
        '    String table = System.getenv("TABLE");\n'
        '    st.executeUpdate("TRUNCATE " + table);\n'
        '    st.executeUpdate("TRUNCATE audit");\n'
        "  }\n"
        "}\n"
    )
    assert hits(scan(tmp_path, code), "java.sql-injection") == [(5, "medium"), (7, "medium")]


def test_listener_payloads_are_sources_only_for_listeners(tmp_path: Path) -> None:
    code = (
        "class L {\n"
        '  @KafkaListener(topics = "orders")\n'
        "  public void onOrder(String id, Acknowledgment ack) {\n"
        '    jdbcTemplate.update("DELETE FROM o WHERE id = \'" + id + "\'");\n'
        "  }\n"
        '  @RabbitListener(queues = "orders")\n'
        "  public void onSafe(String id) {\n"
        '    jdbcTemplate.update("DELETE FROM o WHERE id = ?", id);\n'
        "  }\n"
        "  private void helper(String id) {\n"
        '    jdbcTemplate.update("DELETE FROM o WHERE id = \'" + id + "\'");\n'
        "  }\n"
        "}\n"
    )
    found = scan(tmp_path, code)
    assert hits(found, "java.sql-injection") == [(4, "medium")]
    # the private helper's own parameter is an audit finding of its own rule, not a source
    assert hits(found, "java.sql-injection-parameter") == [(11, "medium")]


def test_lambda_handler_input_is_a_source_but_not_its_context(tmp_path: Path) -> None:
    code = (
        "class H implements RequestHandler<Map<String, String>, String> {\n"
        "  public String handleRequest(Map<String, String> event, Context context) {\n"
        '    jdbcTemplate.execute("DROP TABLE " + context.getFunctionName());\n'
        '    return jdbcTemplate.queryForObject("SELECT v FROM t WHERE k = \'" + event.get("k") + "\'", String.class);\n'
        "  }\n"
        "}\n"
    )
    assert hits(scan(tmp_path, code), "java.sql-injection") == [(4, "medium")]


def test_zip_entry_names_need_a_containment_check(tmp_path: Path) -> None:
    unsafe = (
        "class U {\n"
        "  void x(java.util.zip.ZipInputStream zis, java.io.File dest) throws Exception {\n"
        "    java.util.zip.ZipEntry e = zis.getNextEntry();\n"
        "    java.io.File out = new java.io.File(dest, e.getName());\n"
        "  }\n"
        "}\n"
    )
    assert hits(scan(tmp_path, unsafe), "java.zip-slip") == [(4, "medium")]
    named = unsafe.replace("e.getName()", '"fixed.txt"')
    assert hits(scan(tmp_path, named), "java.zip-slip") == []


def test_audit_checks_stay_quiet_on_safe_configuration(tmp_path: Path) -> None:
    code = (
        "class S {\n"
        '  static final String URL = "jdbc:postgresql://db/app?sslmode=verify-full";\n'
        "  PasswordEncoder enc() { return new BCryptPasswordEncoder(12); }\n"
        '  void tls(SSLSocket s) { s.setEnabledProtocols(new String[] {"TLSv1.3"}); }\n'
        "}\n"
    )
    assert [f.rule_id for f in scan(tmp_path, code)] == []


def test_audit_checks_report_unsafe_configuration(tmp_path: Path) -> None:
    code = (
        "class S {\n"
        '  static final String URL = "jdbc:postgresql://db/app?sslmode=disable";\n'
        "  PasswordEncoder enc() { return new BCryptPasswordEncoder(4); }\n"
        '  void tls(SSLSocket s) { s.setEnabledProtocols(new String[] {"TLSv1"}); }\n'
        "}\n"
    )
    found = {(f.location.line, f.rule_id) for f in scan(tmp_path, code)}
    assert found == {
        (2, "java.jdbc-url-insecure-options"),
        (3, "java.bcrypt-low-cost"),
        (4, "java.weak-tls-protocols-enabled"),
    }


def test_new_rules_are_linear_on_a_large_file(tmp_path: Path) -> None:
    """Many copies of the patterns the new rules look for: the scan finishes and reports
    each copy once (no rule's cost grows faster than the file)."""
    body = "".join(
        f'  void m{i}(HttpServletRequest r) throws Exception {{ String p = "x"; '
        f'Pattern.compile("^(\\\\w+\\\\s?)*$"); new URL("http://svc{i}.acme.net/"); }}\n'
        for i in range(400)
    )
    found = scan(tmp_path, "class Big {\n" + body + "}\n")
    assert len(hits(found, "java.redos-nested-quantifier")) == 400
    assert len(hits(found, "java.cleartext-http-url")) == 400
