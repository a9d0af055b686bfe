"""User rules end to end: ``.stockade.toml`` adds a rule file, overrides and disables by id.

Runs the installed ``stockade`` executable in a real project directory, as a user would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analyzers.secrets.helpers import fake, github_token

EXE = str(Path(sys.executable).with_name("stockade"))
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

USER_RULES = """
[[rule]]
id = "acme-deploy-token"
title = "ACME deploy token"
severity = "critical"
confidence = "high"
regex = '''\\b(acmedt_[a-z0-9]{32})\\b'''
keywords = ["acmedt_"]
true_positives = ['''acmedt_{l:32}''']
false_positives = ['''acmedt_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx''']

[[rule]]
id = "github-pat"
title = "GitHub token (our policy: low, tokens are short-lived here)"
severity = "low"
confidence = "high"
regex = '''\\b(ghp_[A-Za-z0-9]{36})\\b'''
keywords = ["ghp_"]
"""


def _analyze(cwd: Path, target: str = ".") -> tuple[int, dict[str, object], str]:
    proc = subprocess.run(
        [EXE, "analyze", target, "-f", "json", "--skip-sast", "--skip-api", "--offline", "-j", "1"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(proc.stdout) if proc.stdout.strip().startswith("{") else {}
    return proc.returncode, report, proc.stderr


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    acme = "acmedt_" + fake(32, "acme", "abcdefghijklmnopqrstuvwxyz0123456789")
    ghp = github_token("ghp")
    aws = "AKIA" + fake(16, "aws-user-rules", B32)
    (root / "deploy.py").write_text(f'DEPLOY = "{acme}"\nGH = "{ghp}"\nAWS_KEY_ID = "{aws}"\n')
    (root / "secret-rules.toml").write_text(USER_RULES)
    return root


def _rules(report: dict[str, object]) -> dict[str, str]:
    found = report["findings"]
    assert isinstance(found, list)
    return {f["rule_id"]: f["severity"] for f in found}


def test_builtin_rules_without_configuration(project: Path) -> None:
    code, report, err = _analyze(project)
    assert code == 1, err
    assert _rules(report) == {"github-pat": "critical", "aws-access-key-id": "critical"}


def test_user_file_adds_overrides_and_disables(project: Path) -> None:
    (project / ".stockade.toml").write_text(
        '[secrets]\nrules_files = ["secret-rules.toml"]\ndisable = ["aws-access-key-id"]\n'
    )
    code, report, err = _analyze(project)
    assert code == 1, err
    assert _rules(report) == {"acme-deploy-token": "critical", "github-pat": "low"}


def test_absolute_rule_file_path_from_another_directory(project: Path, tmp_path: Path) -> None:
    rules = project / "secret-rules.toml"
    (project / ".stockade.toml").write_text(f'[secrets]\nrules_files = ["{rules}"]\n')
    code, report, err = _analyze(tmp_path, str(project))
    assert code == 1, err
    assert set(_rules(report)) == {"acme-deploy-token", "github-pat", "aws-access-key-id"}


def test_disabling_a_code_detector(project: Path) -> None:
    (project / "id_rsa").write_text(
        "-----BEGIN RSA PRIVATE KEY-----\n"
        + "\n".join(fake(64, f"k{i}", B32 + "abcdefgh+/") for i in range(10))
        + "\n-----END RSA PRIVATE KEY-----\n"
    )
    assert "private-key" in _rules(_analyze(project)[1])
    (project / ".stockade.toml").write_text('[secrets]\ndisable = ["private-key"]\n')
    assert "private-key" not in _rules(_analyze(project)[1])


def test_relative_rule_file_is_found_from_another_working_directory(
    project: Path, tmp_path: Path
) -> None:
    """Paths in ``.stockade.toml`` start at the project root, not where stockade runs."""
    (project / ".stockade.toml").write_text('[secrets]\nrules_files = ["secret-rules.toml"]\n')
    code, report, err = _analyze(tmp_path, str(project))
    assert code == 1, err
    assert "acme-deploy-token" in _rules(report)


def test_missing_rule_file_is_a_clear_error(project: Path) -> None:
    (project / ".stockade.toml").write_text('[secrets]\nrules_files = ["no-such-rules.toml"]\n')
    code, _report, err = _analyze(project)
    assert code == 2
    assert "no-such-rules.toml" in err and "Traceback" not in err


def test_invalid_user_rule_is_reported_not_a_crash(project: Path) -> None:
    (project / "bad.toml").write_text(
        '[[rule]]\nid = "broken"\ntitle = "x"\nregex = "(unclosed"\nkeywords = ["zz"]\n'
    )
    (project / ".stockade.toml").write_text('[secrets]\nrules_files = ["bad.toml"]\n')
    code, _report, err = _analyze(project)
    assert code not in (0, 1)
    assert "broken" in err
    assert "Traceback" not in err
