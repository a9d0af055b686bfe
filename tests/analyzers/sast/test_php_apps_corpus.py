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
lines.

Four more apps (laravel_forum with Blade views, an Artisan command and a queued job;
yii_cake_crm: Yii 2 and CakePHP controllers, models and config; wp_gallery_plugin:
shortcodes, AJAX, admin-post, REST and a PHP template; symfony_ops: a console command, a
Messenger handler, MongoDB/LDAP and Twig) first written: recall 0.68, precision 0.93 (43 of
63 vulnerable lines, 3 false positives in 62 safe ones). One pair was mislabelled and
removed (``wp_send_json_success('<span>' . $title)`` answers JSON, not HTML). General fixes:
Blade templates were HTML text to the PHP grammar (now read as the PHP they compile to, with
raw-output, raw-request-input and URL-attribute rules), Artisan ``$this->argument()`` /
``option()`` and Messenger ``*Message->getPayload()`` were no sources, ``maybe_unserialize``,
Yii ``response->sendFile``, CakePHP ``withFile``/``withStringBody``/``find()->order()`` and
``getConnection()->execute()`` no sinks, a MongoDB ``$where`` built from variables went
unseen when the collection's variable name did not say so, a comment between ``'username'``
and ``'password'`` hid a hard-coded password, Yii ``cookieValidationKey`` and CakePHP
``Security.salt`` literals were not keys. False positives fixed as classes: a literal array
given to ``$this->redirect([...])`` is a route (CakePHP, Yii), and ``md5`` concatenated with
a literal names a URL, cache key or file (``'https://www.gravatar.com/avatar/' . md5(...)``).
After: 57 of 62, no false positive in 61. Left (engine): a controller action's, route
closure's or shortcode callback's returned string is the response body (Yii ``return
'<p>' . $name``, a WordPress shortcode's ``$out``), a CakePHP list condition
(``where(["name LIKE '%" . $q . "%'"])``, keyed by position, not name) and
``$connection->execute()`` on a variable holding ``ConnectionManager::get()`` (the callee's
type is not followed through a factory's result); and a console command writing to the path
its operator typed (kept labelled, not a rule).

Two apps written after those fixes, scored as written: ci4_helpdesk (CodeIgniter 4
controllers, a mail library, a plain PDO page, a Blade view) 15 of 15, no false positive in
16; drupal_events_module (a .module file, a controller, a form) 5 of 10 with 1 false positive
in 9. Drupal was the gap: ``Drupal::request()``, form-state values and raw route parameters
were no sources, ``db_query``, ``Markup::create`` and ``Drupal::httpClient()`` no sinks,
``Html::escape``/``Xss::filter`` (and laminas-escaper) no sanitizers; one pair was
mislabelled and removed (``['#markup' => ...]`` is filtered by ``Xss::filterAdmin``).
After: 7 of 9, no false positive in 8. Left: Drupal's ``.module``/``.install``/``.theme``
files are PHP but not read as PHP (the extension map in analyzers/languages.py). A third,
laravel_api_tenants (an API controller, a Livewire component, a listener, a model), 9 of 11
with no false positive in 11: Laravel's ``Process::run('mysqldump ' . $db)`` was no sink
(now one, with an argument array read as an argument vector); left, a Livewire component's
public property (``$this->query``) is set by the browser, but ``$this`` is no source (the
engine has sources by name and parameter, not by the class a property belongs to). A
fourth, media_lib (library code: an image converter, a file cache, an HTTP fetcher), 6 of 7
with no false positive in 7: ``unserialize(file_get_contents($file))`` went unreported (now
php.unserialize-file-data, a low-confidence check of bytes read from files and sockets).
All fourteen: 186 of 194, no false positive in 183 safe lines."""

from __future__ import annotations

import time
from pathlib import Path

from sast_corpus import score_corpus
from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.languages.php import blade_to_php
from stockade.analyzers.sast.ruleset import load_all
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "php-apps"
ANALYZER = SastAnalyzer()


def scan(tmp_path: Path, code: str) -> list[Finding]:
    return scan_named(tmp_path, "case.php", code)


def hits(findings: list[Finding], rule_id: str) -> list[tuple[int, str]]:
    return [(f.location.line, str(f.confidence)) for f in findings if f.rule_id == rule_id]


def test_php_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 160 and lines.fp + lines.tn >= 150
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


def test_blade_becomes_php_line_for_line() -> None:
    template = (
        b"@extends('layouts.app')\n"
        b"{{-- a comment\n   over two lines --}}\n"
        b"<h1>{{ $post->title }}</h1>\n"
        b"<div>{!! $post->body !!}</div>\n"
        b'<a href="{{ $post->author->website }}">site</a>\n'
        b"<p>@{{ vue }}</p>\n"
        b"@php $n = count($post->tags); @endphp\n"
        b"<?php echo $n; ?>\n"
        b"@php($m = 1)\n"
        b"<p>{!! $m !!}</p>\n"
    )
    php = blade_to_php(template)
    assert php.count(b"\n") == template.count(b"\n")
    lines = php.split(b"\n")
    assert lines[1] == lines[2] == b""  # the comment keeps its two lines, nothing else
    assert lines[3] == b"<h1><?php __blade_out__( $post->title ); ?></h1>"
    assert lines[4] == b"<div><?php __blade_raw__( $post->body ); ?></div>"
    assert lines[5] == b'<a href="<?php __blade_url__( $post->author->website ); ?>">site</a>'
    assert lines[6] == b"<p>{{ vue }}</p>"
    assert lines[7] == b"<?php  $n = count($post->tags);  ?>"
    assert lines[8] == b"<?php echo $n; ?>"
    assert lines[9] == b"@php($m = 1)"
    assert lines[10] == b"<p><?php __blade_raw__( $m ); ?></p>"


def test_php_without_blade_markers_is_parsed_as_written() -> None:
    """A PHP page holding a Vue template ({{ x }}) or a string with "{!!" inside PHP code is
    no Blade template: the bytes are handed to the grammar unchanged."""
    vue = b"<?php $title = 'x'; ?>\n<div id=\"app\">{{ message }}</div>\n"
    assert blade_to_php(vue) is vue
    code = b"<?php\n$tpl = '{!! $x !!} @if($y)';\necho $tpl;\n"
    assert blade_to_php(code) == code


def test_blade_hostile_templates_stay_linear() -> None:
    assert blade_to_php(b"@if(1)\n{!! $x") == b"@if(1)\n{!! $x"  # an unclosed tag is text
    for hostile in (b"{!!" * 300_000, b"@if {{" * 200_000 + b"}}", b"@csrf <?" * 200_000):
        started = time.perf_counter()
        blade_to_php(hostile)
        assert time.perf_counter() - started < 10.0  # linear: well under a second when idle


def test_blade_views_are_scanned_with_php_rules(tmp_path: Path) -> None:
    found = scan_named(
        tmp_path,
        "show.blade.php",
        "@extends('layouts.app')\n"
        "<h1>{{ $post->title }}</h1>\n"
        "<div>{!! $post->body !!}</div>\n"
        "<p>{!! request('q') !!}</p>\n"
        '<a href="{{ $post->author->website }}">site</a>\n'
        "{!! csrf_field() !!}\n",
    )
    assert sorted((f.location.line, f.rule_id) for f in found) == [
        (3, "php.blade-unescaped-output"),
        (4, "php.blade-unescaped-request-input"),
        (5, "php.blade-url-attribute"),
    ]


def scan_named(tmp_path: Path, name: str, code: str) -> list[Finding]:
    path = tmp_path / name
    path.write_text(code, encoding="utf-8")
    source = SourceFile(path.name, str(path), path.stat().st_size, "php")
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    findings = list(ANALYZER.analyze_file(load_content(source), ctx))
    assert not [i for i in ctx.issues if i.kind == "error"], ctx.issues
    return findings


def test_a_factorys_result_in_a_variable_meets_the_sinks_of_its_chain(tmp_path: Path) -> None:
    """``ConnectionManager::get()->execute($sql)`` is a sink; so is ``execute`` on a variable
    holding ``ConnectionManager::get()`` (the engine remembers the factory call)."""
    found = scan(
        tmp_path,
        "<?php\n"
        "function search($request) {\n"
        "    $q = $_GET['q'];\n"
        "    $conn = ConnectionManager::get('default');\n"
        '    $conn->execute("SELECT * FROM posts WHERE title LIKE \'%" . $q . "%\'");\n'
        "    $conn->execute('SELECT * FROM posts WHERE title LIKE ?', ['%' . $q . '%']);\n"
        "}\n",
    )
    assert [line for line, _ in hits(found, "php.sql-injection-drivers")] == [5]
