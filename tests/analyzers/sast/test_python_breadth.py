"""Python SAST breadth: sources beyond the web request (CLI, environment, serverless events,
task queues, sockets) reach the dangerous-regardless sinks at medium confidence; parameter
sources follow the function's header, not its name alone; audit rules stay quiet on constants."""

from __future__ import annotations

from pathlib import Path

import pytest

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.ruleset import load_all
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

ANALYZER = SastAnalyzer()


def scan(tmp_path: Path, code: str) -> list[Finding]:
    path = tmp_path / "case.py"
    path.write_text(code, encoding="utf-8")
    source = SourceFile(path.name, str(path), path.stat().st_size, "python")
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    return list(ANALYZER.analyze_file(load_content(source), ctx))


def hits(findings: list[Finding], rule_id: str) -> list[tuple[int, str]]:
    return [(f.location.line, str(f.confidence)) for f in findings if f.rule_id == rule_id]


def test_input_to_shell_is_found_at_medium_confidence(tmp_path: Path) -> None:
    code = "import subprocess\ncmd = input('> ')\nsubprocess.call(cmd, shell=True)\n"
    assert hits(scan(tmp_path, code), "python.command-injection") == [(3, "medium")]


def test_input_to_argument_list_is_not_a_shell(tmp_path: Path) -> None:
    code = "import subprocess\nname = input('> ')\nsubprocess.call(['ls', name])\n"
    assert hits(scan(tmp_path, code), "python.command-injection") == []


def test_web_source_keeps_high_confidence(tmp_path: Path) -> None:
    code = (
        "import os\nfrom flask import request\n"
        "def ping():\n    os.system('ping ' + request.args['h'])\n"
    )
    assert hits(scan(tmp_path, code), "python.command-injection") == [(4, "high")]


@pytest.mark.parametrize(
    ("code", "line"),
    [
        ("import os, sys\nos.system('ls ' + sys.argv[1])\n", 2),
        ("import os\nos.system(os.environ['HOOK'])\n", 2),
        ("import os\nos.system(os.getenv('HOOK', 'true'))\n", 2),
        (
            "import argparse, subprocess\ndef main():\n    args = argparse.ArgumentParser().parse_args()\n"
            "    subprocess.run('du -sh ' + args.path, shell=True)\n",
            4,
        ),
        (
            "import click, os\n@click.command()\n@click.argument('host')\ndef ping(host):\n"
            "    os.system('ping ' + host)\n",
            5,
        ),
        (
            "import os\ndef lambda_handler(event, context):\n    os.system('echo ' + event['body'])\n",
            3,
        ),
        (
            "import os\nfrom celery import shared_task\n@shared_task\ndef clean(path):\n"
            "    os.system('rm -rf ' + path)\n",
            5,
        ),
        (
            "import os\ndef on_message(ch, method, properties, body):\n"
            "    os.system(body.decode())\n",
            3,
        ),
    ],
    ids=["argv", "environ", "getenv", "argparse", "click", "lambda", "celery", "pika"],
)
def test_weaker_sources_reach_command_injection(tmp_path: Path, code: str, line: int) -> None:
    assert hits(scan(tmp_path, code), "python.command-injection") == [(line, "medium")]


def test_queue_and_socket_payloads_reach_deserialisation(tmp_path: Path) -> None:
    code = (
        "import pickle\nfrom kafka import KafkaConsumer\n"
        "def consume():\n    for msg in KafkaConsumer('jobs'):\n        pickle.loads(msg.value)\n"
        "def serve(sock):\n    data = sock.recv(4096)\n    return pickle.loads(data)\n"
    )
    found = hits(scan(tmp_path, code), "python.insecure-deserialization")
    assert sorted(found) == [(5, "medium"), (8, "medium")]


def test_parameter_sources_need_their_header(tmp_path: Path) -> None:
    """``event`` is a source in a Lambda-shaped handler, not in any function with such a
    parameter name; a plain function's argument is not a task argument."""
    code = (
        "import os\n"
        "def on_click(event):\n    os.system('echo ' + event)\n"
        "def helper(path):\n    os.system('ls ' + path)\n"
    )
    assert hits(scan(tmp_path, code), "python.command-injection") == []


def test_cli_input_is_no_path_traversal_or_xss(tmp_path: Path) -> None:
    """The person running a CLI may open any file they like; only dangerous-regardless sinks
    take command-line and environment sources."""
    code = "import sys\ndata = open(sys.argv[1]).read()\nprint('<b>' + sys.argv[2] + '</b>')\n"
    rules = {f.rule_id for f in scan(tmp_path, code)}
    assert "python.path-traversal" not in rules and "python.xss" not in rules


def test_parameter_rules_skip_framework_validated_route_parameters(tmp_path: Path) -> None:
    code = (
        "from flask import Flask\napp = Flask(__name__)\n"
        "@app.route('/p/<int:pid>')\ndef product(pid):\n    return eval(f'{pid} + 1')\n"
        "def compute(expression):\n    return eval(expression)\n"
    )
    assert hits(scan(tmp_path, code), "python.code-injection-parameter") == [(7, "medium")]


def test_audit_rules_report_low_or_medium_confidence(tmp_path: Path) -> None:
    code = (
        "import pickle, tarfile\n"
        "def restore(blob):\n    return pickle.loads(blob)\n"
        "def unpack(path):\n    with tarfile.open(path) as tar:\n        tar.extractall('/srv')\n"
    )
    found = scan(tmp_path, code)
    assert hits(found, "python.deserialization-parameter") == [(3, "medium")]
    assert hits(found, "python.tarfile-extract-no-filter") == [(6, "low")]


def test_python_rule_count_reaches_the_target() -> None:
    rules = load_all()["python"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 120


def test_sql_parameter_rule_wants_text_built_around_the_parameter(tmp_path: Path) -> None:
    """A wrapper executing the statement it is given is an API; pasting the argument into
    SQL text (f-string, %, +, str.format) is the flaw."""
    code = (
        "def query(conn, sql, params=()):\n    return conn.execute(sql, params).fetchall()\n"
        "def by_name(conn, name):\n"
        "    return conn.execute(f\"SELECT * FROM t WHERE name = '{name}'\").fetchall()\n"
        "def by_id(conn, ident):\n"
        "    return conn.execute('SELECT * FROM t WHERE id = {}'.format(ident)).fetchall()\n"
    )
    assert hits(scan(tmp_path, code), "python.sql-injection-parameter") == [
        (4, "medium"),
        (6, "medium"),
    ]


@pytest.mark.parametrize(
    ("code", "line"),
    [
        (
            "import os\nfrom aiohttp import web\nasync def h(request):\n"
            "    os.system('echo ' + request.match_info['n'])\n",
            4,
        ),
        (
            "import os, tornado.web\nclass H(tornado.web.RequestHandler):\n    def get(self):\n"
            "        os.system('ping ' + self.get_argument('h'))\n",
            4,
        ),
        (
            "import os, graphene\nclass Q(graphene.ObjectType):\n"
            "    def resolve_host(root, info, name):\n        os.system('dig ' + name)\n",
            4,
        ),
    ],
    ids=["aiohttp", "tornado", "graphene"],
)
def test_more_framework_sources(tmp_path: Path, code: str, line: int) -> None:
    assert [h[0] for h in hits(scan(tmp_path, code), "python.command-injection")] == [line]


def test_graphql_info_argument_is_not_client_data(tmp_path: Path) -> None:
    code = (
        "import os, graphene\nclass Q(graphene.ObjectType):\n"
        "    def resolve_me(root, info):\n        os.system('id ' + info.context.user)\n"
    )
    assert hits(scan(tmp_path, code), "python.command-injection") == []
