"""Every finding of every module leaves the analyzer with its secrets redacted.

The fake credentials are assembled at run time (never a contiguous key in the source), the
scans are real (real analyzers, a real advisory store built from tests/data/osv), and each
check searches the raw output for the secret's bytes while the finding itself is still there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from osv_data import OSV
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.cli.app import main
from stockade.core.finding import Finding, Location, TraceStep
from stockade.core.fingerprint import fingerprint, normalize_code
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity
from stockade.scan import ScanOptions, ScanResult, run_scan
from stockade.scan.redact import redact_finding, redactor_for

GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5" + "0Zb5Hm"  # valid checksum
AWS = "AKIA" + "Q3EGRZ7XKW4PLM2V"
STRIPE = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dcXq"
SECRETS = (GITHUB, AWS, STRIPE)

# A command-injection sink whose line also passes a token (sast).
APP = (
    "import os\n"
    "from flask import request\n\n"
    "def fetch():\n"
    "    name = request.args.get('name')\n"
    f"    os.system('curl -H \"Authorization: token {GITHUB}\" https://x.example/' + name)\n"
)
SINK_LINE = APP.splitlines()[5]
# A plain-http server whose URL carries a key (api).
SPEC = (
    "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"
    f"servers: [{{url: 'http://api.example.com/?key={AWS}'}}]\n"
    "paths:\n  /users/{id}:\n    delete:\n      parameters:\n"
    "        - {name: id, in: path, required: true, schema: {type: integer}}\n"
    "      responses: {'204': {description: gone}}\n"
)
# A vulnerable pin whose line also holds a key (dependencies).
REQUIREMENTS = f"jinja2==2.10  # {STRIPE}\n"


def _assert_clean(raw: bytes | str) -> None:
    data = raw.encode() if isinstance(raw, str) else raw
    for secret in SECRETS:
        assert secret.encode() not in data, f"{secret[:4]} leaked"


def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "app.py").write_text(APP)
    (root / "openapi.yaml").write_text(SPEC)
    (root / "requirements.txt").write_text(REQUIREMENTS)
    return root


def _raw(result: ScanResult) -> bytes:
    """Everything of the result a report could show, as bytes (repr covers every field)."""
    return repr(result.findings).encode()


@pytest.fixture
def advisory_db(tmp_path: Path) -> str:
    store = LocalStore(tmp_path / "adv.sqlite")
    store.import_export(OSV / "PyPI" / "all.zip")
    store.close()
    return str(store.path)


# -- redact_finding on its own --------------------------------------------------------------


def _rule() -> Rule:
    return Rule(
        id="demo.rule",
        title="Demo",
        module="sast",
        type="demo",
        severity=Severity.HIGH,
        confidence=Confidence.HIGH,
    )


def test_every_text_field_is_redacted_and_the_fingerprint_kept() -> None:
    step = TraceStep(Location("a.py", 2, snippet=f"t = '{GITHUB}'"), "source", f"from {AWS}")
    finding = Finding.from_rule(
        _rule(),
        Location("a.py", 3, snippet=f"run('{GITHUB}')"),
        message=f"token {GITHUB} reaches run()",
        trace=(step,),
        metadata={"nested": {"values": [f"key={STRIPE}", 3]}, "flag": True},
    ).with_fingerprint("f" * 64)
    out = redact_finding(finding, redactor_for())
    _assert_clean(repr(out))
    assert out.location.snippet == "run('ghp_…(40 chars)')"
    assert out.message == "token ghp_…(40 chars) reaches run()"
    assert out.trace[0].note == "from AKIA…(20 chars)"
    assert out.metadata["nested"]["values"][1] == 3 and out.metadata["flag"] is True
    assert out.fingerprint == finding.fingerprint and out.rule_id == finding.rule_id


def test_a_finding_without_secrets_is_returned_as_is() -> None:
    finding = Finding.from_rule(_rule(), Location("a.py", 1, snippet="os.system(cmd)"))
    assert redact_finding(finding, redactor_for()) is finding


def test_the_redactor_is_built_once_per_options() -> None:
    assert redactor_for() is redactor_for({}) is redactor_for({"disable": ["github-pat"]})


# -- every module, through the scan orchestrator --------------------------------------------


def test_sast_and_api_findings_are_redacted_without_the_secrets_module(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    result = run_scan(root, ScanOptions(modules=("sast", "api"), jobs=1))
    _assert_clean(_raw(result))
    sink = next(f for f in result.findings if f.rule_id == "python.command-injection")
    assert sink.location.snippet is not None and "ghp_…(40 chars)" in sink.location.snippet
    # The fingerprint is the one of the unredacted line: existing baselines keep matching.
    key = (sink.rule_id, "app.py", normalize_code(SINK_LINE))
    assert sink.fingerprint == fingerprint(*key, 0)
    transport = next(f for f in result.findings if f.rule_id == "api.insecure-transport")
    assert "AKIA…(20 chars)" in (transport.location.snippet or "")
    assert "AKIA…(20 chars)" in transport.message


def test_dependency_findings_are_redacted(tmp_path: Path, advisory_db: str) -> None:
    root = _project(tmp_path / "p")
    opts = ScanOptions(
        modules=("dependencies",),
        jobs=1,
        module_options={"dependencies": {"advisory_db": advisory_db}},
    )
    result = run_scan(root, opts)
    deps = [f for f in result.findings if f.module == "dependencies"]
    assert deps and all("jinja2" in f.message.lower() for f in deps)
    _assert_clean(_raw(result))
    assert all(f.location.snippet == "jinja2==2.10  # sk_l…(34 chars)" for f in deps)


def test_secrets_findings_are_unchanged_by_the_step(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    result = run_scan(root, ScanOptions(modules=("secrets",), jobs=1))
    assert {f.rule_id for f in result.findings} >= {"github-pat", "aws-access-key-id"}
    _assert_clean(_raw(result))
    for f in result.findings:
        assert redact_finding(f, redactor_for()) is f
        assert f.location.snippet == f.metadata["secret_preview"]


def test_a_projects_own_secret_rules_redact_too(tmp_path: Path) -> None:
    """``[secrets] rules_files`` count even when only SAST runs; ``disable`` does not stop it."""
    acme = "acme_" + "dt_" + "Q2x9TmV4bHJ0a2ZvZ3Y1bW9wZ2R3cXh6"
    root = tmp_path / "p"
    root.mkdir()
    (root / "rules.toml").write_text(
        '[[rule]]\nid = "acme-deploy-token"\ntitle = "ACME deploy token"\n'
        'severity = "high"\nconfidence = "high"\n'
        "regex = '''\\b(acme_dt_[A-Za-z0-9]{32})\\b'''\nkeywords = [\"acme_dt_\"]\n"
    )
    (root / ".stockade.toml").write_text(
        '[secrets]\nrules_files = ["rules.toml"]\ndisable = ["acme-deploy-token"]\n'
    )
    # No header or assignment around it: only the project's rule knows this shape.
    sink_line = f"    os.system('curl https://x.example/{acme}/' + name)\n"
    (root / "app.py").write_text(APP.replace(SINK_LINE + "\n", sink_line))
    result = run_scan(root, ScanOptions(modules=("sast",), jobs=1))
    sink = next(f for f in result.findings if f.rule_id == "python.command-injection")
    assert acme.encode() not in _raw(result)
    assert "acme…(40 chars)" in (sink.location.snippet or "")


def test_worker_processes_redact_too(tmp_path: Path) -> None:
    """Forked pool workers run the same step (a scan large enough to use the pool)."""
    root = _project(tmp_path / "p")
    for i in range(8):
        (root / f"pad{i}.py").write_text("x = 1\n" * 50_000)
    result = run_scan(root, ScanOptions(modules=("sast", "api"), jobs=2))
    assert any(f.rule_id == "python.command-injection" for f in result.findings)
    _assert_clean(_raw(result))


# -- the CLI's reports ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["table", "json", "sarif"])
def test_cli_reports_carry_no_secret(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path / "p")
    out_file = tmp_path / f"report.{fmt}"
    code = main(["analyze", str(root), "--format", fmt, "--output", str(out_file), "-j", "1"])
    capsys.readouterr()
    assert code == 1
    raw = out_file.read_bytes()
    _assert_clean(raw)
    assert b"command-injection" in raw or b"OS command injection" in raw
    assert "ghp_…(40 chars)".encode() in raw
    if fmt == "json":
        modules = {f["module"] for f in json.loads(raw)["findings"]}
        assert modules >= {"sast", "secrets", "api"}
