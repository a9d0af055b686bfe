"""The realistic PHP app corpus (tests/corpus/sast/php-apps): small multi-file projects (a
Laravel shop, a Symfony blog on Doctrine, a WordPress plugin, a plain-PHP portal, a queue
worker with its command-line script, a Slim + CodeIgniter API) with vulnerable and safe
look-alike lines annotated. Scored the way the held-back benchmark scores: a line counts as
found when any finding starts on it.

Figures recorded (not tuned to): the first five apps as first written scored recall 0.59 and
precision 0.92 (45 of 76 vulnerable lines, 4 false positives in 69 safe ones). The misses were
general gaps, fixed as such: PHP's ``.`` concatenation did not count as text building (so no
parameter audit rule could fire and a constant ``'/srv/docs/'`` or ``https://host/`` prefix
did not pin the URL), Doctrine DQL/DBAL, query-builder columns, ``$wpdb->get_results``,
Symfony ``Response``/``RedirectResponse``/route parameters, WordPress HTTP and sanitizers
(``$wpdb->prepare``, ``sanitize_key``, ``sanitize_file_name``), CORS reflection, command-line,
environment and queue sources, and the configuration audit checks (CSRF off, session cookie
flags, hard-coded keys and passwords) were missing. After: 76 of 76, no false positive.

A sixth app (slim_ci_api: Slim/PSR-7 handlers and CodeIgniter 3/4 controllers) added
afterwards scored, as written, 3 of 14 vulnerable lines with no false positive in 13 safe ones:
PSR-7, CodeIgniter, CakePHP, Yii, Laminas and WordPress REST request accessors were not
sources and PSR-7 body writes were not sinks. Added as general sources and sinks, plus
directory constants (``__DIR__``) and path helpers (``storage_path``) that keep a path from
being a URL; then one false positive showed (``file_get_contents(__DIR__ . ... basename())``
as SSRF) and was fixed that way. All six: 90 of 90 found, no false positive in 80 safe
lines."""

from __future__ import annotations

import time
from pathlib import Path

from sast_corpus import score_corpus
from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.ruleset import load_all
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "php-apps"
ANALYZER = SastAnalyzer()


def scan(tmp_path: Path, code: str) -> list[Finding]:
    path = tmp_path / "case.php"
    path.write_text(code, encoding="utf-8")
    source = SourceFile(path.name, str(path), path.stat().st_size, "php")
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    findings = list(ANALYZER.analyze_file(load_content(source), ctx))
    assert not [i for i in ctx.issues if i.kind == "error"], ctx.issues
    return findings


def hits(findings: list[Finding], rule_id: str) -> list[tuple[int, str]]:
    return [(f.location.line, str(f.confidence)) for f in findings if f.rule_id == rule_id]


def test_php_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 85 and lines.fp + lines.tn >= 75
    assert lines.tpr >= 0.90, lines.misses
    assert lines.precision >= 0.90, lines.misses


def test_php_rule_count_reaches_the_breadth_target() -> None:
    rules = load_all()["php"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 70


def test_confidence_follows_the_source(tmp_path: Path) -> None:
    """The same shell sink: high from the request, medium from the command line, the
    environment, a queue message or a function's own parameter, low for an audit check."""
    found = scan(
        tmp_path,
        "<?php\n"
        "system('ping ' . $_GET['host']);\n"
        "system('ping ' . $argv[1]);\n"
        "system('ping ' . getenv('HOST'));\n"
        "function ping($host) { return shell_exec('ping ' . $host); }\n"
        "$cb = function ($msg) { exec('convert ' . $msg->body); };\n"
        "header('Access-Control-Allow-Origin: *');\n"
        "header('Access-Control-Allow-Credentials: true');\n",
    )
    assert hits(found, "php.command-injection") == [(2, "high")]
    assert hits(found, "php.command-injection-cli") == [(3, "medium"), (4, "medium")]
    assert hits(found, "php.command-injection-parameter") == [(5, "medium")]
    assert hits(found, "php.command-injection-queue") == [(6, "medium")]
    assert hits(found, "php.cors-wildcard-credentials") == [(7, "low")]


def test_controller_route_parameters_are_sources_but_typed_ones_are_not(tmp_path: Path) -> None:
    found = scan(
        tmp_path,
        "<?php\n"
        "class PostController extends AbstractController {\n"
        "    #[Route('/posts/{slug}/{id}')]\n"
        "    public function show(string $slug, int $id): Response {\n"
        "        $a = $this->conn->fetchOne(\"SELECT * FROM post WHERE slug = '$slug'\");\n"
        "        $b = $this->conn->fetchOne('SELECT * FROM post WHERE id = ' . $id);\n"
        "        return new Response($a . $b);\n"
        "    }\n"
        "    private function helper(string $slug) {\n"
        "        return $this->conn->fetchOne(\"SELECT * FROM post WHERE slug = '$slug'\");\n"
        "    }\n"
        "}\n",
    )
    assert hits(found, "php.sql-injection-doctrine") == [(5, "high")]
    assert hits(found, "php.sql-injection-parameter") == [(10, "medium")]


def test_new_rules_are_linear_on_a_large_file(tmp_path: Path) -> None:
    """Many copies of what the new checks look for, including the near-sibling CORS
    settings (anchored: an unanchored sibling pattern took 100 s on 500 statements): the scan
    finishes and reports each copy once."""
    copies = 1500
    body = "".join(
        f"function f{i}($p) {{\n"
        f"    header('X-Id: {i}');\n"
        "    header('Access-Control-Allow-Origin: *');\n"
        "    header('Access-Control-Allow-Credentials: true');\n"
        "    $c = ['driver' => 'mysql', 'username' => 'u', 'password' => 'pw-" + str(i) + "'];\n"
        "    chmod($p, 0777);\n"
        "    return md5($password) == $p;\n"
        "}\n"
        for i in range(copies)
    )
    started = time.perf_counter()
    found = scan(tmp_path, "<?php\n" + body)
    assert time.perf_counter() - started < 60
    for rule in (
        "php.cors-wildcard-credentials",
        "php.hardcoded-db-password",
        "php.world-writable-permissions",
        "php.loose-hash-comparison",
        "php.weak-hash-password",
    ):
        assert len(hits(found, rule)) == copies, rule
