"""The config-file and template mechanism of the SAST analyzer: which files it reads, how
``.properties``/YAML settings and template tags are tokenized (line numbers included), how
``kind: config`` rules load (built-in, user directories, disabled ids, invalid rules), and
that its tokenizers stay linear on hostile input."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.languages import language_of_path
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.configfiles import (
    development_file,
    file_format,
    parse_properties,
    parse_yaml,
)
from stockade.analyzers.sast.configrules import load_config_rules
from stockade.analyzers.sast.templates import constructs
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.errors import RuleError


def scan(
    tmp_path: Path, name: str, text: str, analyzer: SastAnalyzer | None = None
) -> tuple[list[tuple[str, int]], list[str]]:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    source = SourceFile(name, str(path), path.stat().st_size, language_of_path(name))
    sast = analyzer or SastAnalyzer()
    assert sast.wants(source)
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    found = [(f.rule_id, f.location.line) for f in sast.analyze_file(load_content(source), ctx)]
    return found, [i.message for i in ctx.issues]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("src/main/resources/application.properties", "spring-properties"),
        ("config/application-prod.yml", "spring-yaml"),
        ("bootstrap.yaml", "spring-yaml"),
        ("blog/templates/blog/post.html", "jinja"),
        ("emails/welcome.j2", "jinja"),
        ("views/index.ejs", "ejs"),
        ("views/layouts/main.hbs", "handlebars"),
        ("views/index.pug", "pug"),
        ("public/index.html", "html"),
        ("mysite/settings.py", None),
        ("docker-compose.yml", None),
        ("openapi.yaml", None),
        ("log4j.properties", None),
    ],
)
def test_file_formats(path: str, expected: str | None) -> None:
    assert file_format(path) == expected


def test_development_files() -> None:
    assert development_file("src/main/resources/application-dev.yml")
    assert development_file("src/test/resources/application.properties")
    assert development_file("application-local.properties")
    assert not development_file("src/main/resources/application.properties")
    assert not development_file("application-prod.yml")
    assert not development_file("application-devops.yml")


def test_properties_syntax_and_lines() -> None:
    text = (
        "# comment\n"
        "! also a comment\n"
        "a.b=1\n"
        "  c.d : two words  \n"
        "e.f three\n"
        "g.h=first,\\\n"
        "    second\n"
        "key\\ with\\ space=\\u0041\n"
        "\n"
        "empty=\n"
    )
    entries = parse_properties(text)
    assert [(e.key, e.value, e.line) for e in entries] == [
        ("a.b", "1", 3),
        ("c.d", "two words", 4),
        ("e.f", "three", 5),
        ("g.h", "first,second", 6),
        ("key with space", "A", 8),
        ("empty", "", 10),
    ]
    assert entries[3].items == ("first", "second")
    assert entries[1].column == 3


def test_yaml_flattening_keeps_key_lines() -> None:
    text = (
        "server:\n"
        "  ssl:\n"
        "    enabled: off\n"
        "management.endpoints.web.exposure:\n"
        "  include: [health, env]\n"
        "---\n"
        "spring:\n"
        "  datasource:\n"
        "    url: jdbc:h2:mem:x\n"
    )
    entries, problem = parse_yaml(text)
    assert problem is None
    assert [(e.key, e.value, e.line, e.column) for e in entries] == [
        ("server.ssl.enabled", "false", 3, 5),
        ("management.endpoints.web.exposure.include", "health,env", 5, 3),
        ("spring.datasource.url", "jdbc:h2:mem:x", 9, 5),
    ]


def test_broken_yaml_keeps_earlier_documents_and_says_why(tmp_path: Path) -> None:
    text = "server:\n  ssl:\n    enabled: false\n---\nspring: [unclosed\n"
    found, issues = scan(tmp_path, "application.yml", text)
    assert found == [("spring.ssl-disabled", 3)]
    assert len(issues) == 1 and issues[0].startswith("syntax errors")


def test_template_tokenizers() -> None:
    jinja = constructs(
        "{# {{ a|safe }} #}\n{{ b|safe }}\n{% raw %}{{ c|safe }}{% endraw %}\n{{ 'x'|safe }}\n",
        "jinja",
    )
    assert [(c.kind, c.text, c.line) for c in jinja] == [("jinja-unescaped", "b|safe", 2)]
    ejs = constructs("<%% literal %>\n<%# <%- x %> -%>\n<%- y _%>\n<%= z %>\n", "ejs")
    assert [(c.kind, c.text, c.line) for c in ejs] == [("ejs-unescaped", "y", 3)]
    hbs = constructs(
        "{{!-- {{{a}}} --}}\n\\{{{b}}}\n{{{c}}}\n{{& d}}\n{{#if e}}{{/if}}\n", "handlebars"
    )
    assert [(c.kind, c.text, c.line) for c in hbs] == [
        ("handlebars-triple", "c", 3),
        ("handlebars-triple", "d", 4),
    ]


def test_html_context_of_outputs() -> None:
    text = (
        '<a title={{ t }} href="{{ u }}" target="_blank">x</a>\n'
        "<script>if (a <b) { x = '{{ q }}' }</script>\n"
        "<form action={{ f }}></form>\n"
        '<a href="https://a.example" target="_blank" rel="{{ rel }}">y</a>\n'
    )
    found = [(c.kind, c.text, c.line) for c in constructs(text, "jinja")]
    assert found == [
        ("blank-target-without-noopener", '<a title={{ t }} href="{{ u }}" target="_blank">', 1),
        ("unquoted-attribute-output", "t", 1),
        ("url-attribute-output", "u", 1),
        ("unquoted-attribute-output", "f", 3),
    ]


def test_rules_are_listed_and_can_be_disabled(tmp_path: Path) -> None:
    ids = {r.id for r in SastAnalyzer().rules()}
    assert {"spring.ssl-disabled", "ejs.unescaped-output", "jinja.safe-filter"} <= ids
    off = SastAnalyzer({"disable": ["spring.ssl-disabled"]})
    found, _ = scan(tmp_path, "application.properties", "server.ssl.enabled=false\n", off)
    assert found == []


def test_user_rules_directory(tmp_path: Path) -> None:
    rules = tmp_path / "rules" / "config"
    rules.mkdir(parents=True)
    (rules / "mine.yaml").write_text(
        "rules:\n"
        "  - id: acme.graphiql-enabled\n"
        "    kind: config\n"
        "    formats: [spring-properties, spring-yaml]\n"
        "    title: GraphiQL enabled\n"
        "    type: information-exposure\n"
        "    severity: low\n"
        "    match: {key: spring.graphql.graphiql.enabled, equals: true}\n",
        encoding="utf-8",
    )
    analyzer = SastAnalyzer({"rules_dirs": [str(tmp_path / "rules")]})
    text = "spring:\n  graphql:\n    graphiql:\n      enabled: true\n"
    found, _ = scan(tmp_path / "app", "application.yml", text, analyzer)
    assert ("acme.graphiql-enabled", 4) in found


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("formats: [toml]\n    match: {key: a, equals: b}\n", "'formats'"),
        ("formats: [spring-yaml]\n    match: {key: a, construct: b}\n", "exactly one"),
        ("formats: [spring-yaml]\n    match: {key: a, nearly: b}\n", "'match' needs"),
        ("formats: [spring-yaml]\n    match: {key: a, matches: '('}\n", "invalid regex"),
    ],
)
def test_invalid_rules_are_refused(tmp_path: Path, rule: str, message: str) -> None:
    rules = tmp_path / "config"
    rules.mkdir()
    (rules / "bad.yaml").write_text(
        "rules:\n  - id: bad.rule\n    kind: config\n    title: t\n    type: x\n"
        f"    severity: low\n    {rule}",
        encoding="utf-8",
    )
    with pytest.raises(RuleError, match=message):
        load_config_rules((str(tmp_path),), ())


def _seconds(text: str, dialect: str) -> float:
    """CPU seconds, not wall: under a loaded CI machine a process waiting for a core looked
    like a super-linear tokenizer."""
    start = time.process_time()
    constructs(text, dialect)
    return time.process_time() - start


@pytest.mark.parametrize(
    ("dialect", "unit"),
    [
        ("jinja", "{{ a|safe }} {{ "),  # an opener that never closes after the last tag
        ("jinja", "<a href={{ x }} target=_blank title='"),  # tags and quotes left open
        ("ejs", "<%- x %><% "),
        ("handlebars", "{{{x}}} {{ <a b=c "),
        ("html", "<a href=x target=_blank <"),
        ("pug", "p!= x !{ !{ a(b!=c "),
        ("pug", "//- c\n  !{x}\n"),
    ],
)
def test_tokenizers_stay_linear(dialect: str, unit: str) -> None:
    """Hostile repetitions at 0.5 MB and 2 MB: four times the text costs about four times the
    time (a quadratic scan would cost sixteen)."""
    small = unit * (500_000 // len(unit))
    large = unit * (2_000_000 // len(unit))
    t_small = min(_seconds(small, dialect) for _ in range(2))
    t_large = min(_seconds(large, dialect) for _ in range(2))  # the best of two: not a pause
    assert t_large < max(t_small, 0.01) * 10, (t_small, t_large)


def test_settings_parsers_stay_linear() -> None:
    unit = "a.b.c=x\\\n"  # every line continued: one logical line
    small, large = unit * 50_000, unit * 200_000
    start = time.process_time()
    parse_properties(small)
    t_small = time.process_time() - start
    start = time.process_time()
    parse_properties(large)
    t_large = time.process_time() - start
    assert t_large < max(t_small, 0.01) * 10, (t_small, t_large)
