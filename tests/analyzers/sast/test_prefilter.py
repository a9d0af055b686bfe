"""The data-flow pass is skipped for files that cannot hold a finding: no sink name, or (in
JavaScript, whose sources are all names written in the file) no source word. Whole words:
``require`` is not ``req``."""

from __future__ import annotations

from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.ruleset import load_all


def test_javascript_needs_a_source_word_and_a_sink_name() -> None:
    rules = load_all()["javascript"]
    needs = SastAnalyzer._needs_taint
    assert needs(rules, b'app.get("/", (req, res) => res.send(req.query.q));')
    assert needs(rules, b"const q = useSearchParams(); document.write(q.get('x'));")
    assert not needs(rules, b'const fs = require("fs"); const required = 1; res.send(required);')
    assert not needs(rules, b"export const add = (a, b) => a + b;")


def test_python_keeps_every_file_with_a_sink() -> None:
    """Python's framework parameters (FastAPI, Flask routes) are sources without a word."""
    rules = load_all()["python"]
    assert rules.source_words is None
    assert SastAnalyzer._needs_taint(rules, b"def view(name: str):\n    os.system(name)\n")
