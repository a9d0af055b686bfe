"""How taint findings are reported: one per flow where sinks nest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stockade.analyzers.sast.analyzer import SastAnalyzer

Analyze = Callable[..., tuple[list[Any], list[Any]]]
ANALYZER = SastAnalyzer()


def test_nested_sinks_of_one_rule_give_one_finding_at_the_inner_call(
    analyze_files: Analyze,
) -> None:
    code = (
        "from flask import request\n"
        "from sqlalchemy import text\n"
        "def users(db):\n"
        "    q = request.args['q']\n"
        "    return db.session.execute(text(f\"SELECT * FROM users WHERE name = '{q}'\"))\n"
    )
    findings, _ = analyze_files(ANALYZER, {"app.py": code})
    sql = [f for f in findings if f.rule_id == "python.sql-injection"]
    assert len(sql) == 1
    assert sql[0].location.column == code.splitlines()[4].index("text(") + 1


def test_two_separate_sinks_on_one_line_both_stay(analyze_files: Analyze) -> None:
    code = (
        "import os\nfrom flask import request\n"
        "def run():\n"
        "    a = request.args['a']\n"
        "    os.system(a); os.system('ls ' + a)\n"
    )
    findings, _ = analyze_files(ANALYZER, {"run.py": code})
    assert len([f for f in findings if f.rule_id == "python.command-injection"]) == 2
