"""Fix verification on its own: real tree-sitter parses and real SAST/secrets scans."""

from __future__ import annotations

import pytest

from llm_app import SQLI, SQLI_FIXED
from stockade.llm.errors import LLMInputError
from stockade.llm.verify import (
    LANGUAGES,
    UNCOMPARED_CAP,
    UNVERIFIED_CAP,
    Verification,
    language_spec,
    scratch_name,
    verify_fix,
)


def test_a_real_fix_is_verified_and_keeps_the_models_confidence() -> None:
    result = verify_fix(
        "python", SQLI, SQLI_FIXED, context="app/users.py", vulnerability_id="python.sql-injection"
    )
    assert result.verified
    assert result.original_rules == ("python.sql-injection",)
    assert result.cap(0.92) == 0.92
    assert result.cap(3.0) == 1.0


def test_an_unrelated_id_still_checks_every_finding_of_the_snippet() -> None:
    result = verify_fix("py", SQLI, SQLI_FIXED, context=None, vulnerability_id="CWE-89")
    assert result.verified and result.original_rules == ("python.sql-injection",)


def test_a_fix_that_leaves_the_finding_or_breaks_syntax_is_capped() -> None:
    left = verify_fix("python", SQLI, SQLI + "\n", context=None, vulnerability_id="x")
    assert (left.verified, left.remaining_rules) == (False, ("python.sql-injection",))
    assert left.cap(0.9) == UNVERIFIED_CAP
    broken = verify_fix("python", SQLI, "def find(:\n", context=None, vulnerability_id="x")
    assert (broken.verified, broken.parses) == (False, False)
    assert broken.cap(0.9) == UNVERIFIED_CAP


def test_a_fix_that_adds_a_finding_is_not_verified() -> None:
    added = SQLI_FIXED + "\nimport os\n\ndef run(request):\n    os.system(request.args['c'])\n"
    result = verify_fix("python", SQLI, added, context=None, vulnerability_id="x")
    assert not result.verified
    assert result.new_rules


def test_nothing_to_compare_caps_at_one_half() -> None:
    result = verify_fix("python", "x = 1\n", "x = 2\n", context=None, vulnerability_id="x")
    assert not result.verified
    assert result.cap(0.9) == UNCOMPARED_CAP


def test_a_secret_replaced_by_the_environment_is_verified() -> None:
    key = "AKIA" + "QX7Z4T2MPRW5NB3K"
    original = f'AWS_ACCESS_KEY_ID = "{key}"\n'
    fixed = 'import os\n\nAWS_ACCESS_KEY_ID = os.environ["AWS_ACCESS_KEY_ID"]\n'
    result = verify_fix("python", original, fixed, context="settings.py", vulnerability_id="x")
    assert result.verified, result


def test_other_languages_parse_with_their_own_grammar() -> None:
    js = "const q = 'SELECT * FROM t WHERE id = ' + req.query.id;\ndb.query(q);\n"
    result = verify_fix("javascript", js, "function (\n", context=None, vulnerability_id="x")
    assert not result.parses
    assert set(LANGUAGES) >= {"python", "javascript", "typescript", "java", "go", "php"}


def test_unknown_language_is_refused() -> None:
    with pytest.raises(LLMInputError) as caught:
        language_spec("cobol")
    assert caught.value.status == 422


def test_the_context_names_the_file_but_never_its_directory() -> None:
    spec = language_spec("python")
    assert scratch_name(spec, "src/app/users.py") == "users.py"
    assert scratch_name(spec, "../../../etc/cron.py") == "cron.py"
    assert scratch_name(spec, "C:\\work\\views.py") == "views.py"
    assert scratch_name(spec, "README.md") == "snippet.py"
    assert scratch_name(spec, "..") == "snippet.py"


def test_when_the_analyzers_cannot_run_the_fix_is_unverified_not_an_error() -> None:
    failed = Verification(False, True, (), (), (), "the analyzers could not run", scanned=False)
    assert failed.cap(0.9) == UNVERIFIED_CAP
