from __future__ import annotations

import pickle

import pytest

from stockade.core import (
    Confidence,
    ConfigError,
    Finding,
    Location,
    Rule,
    Severity,
    TraceStep,
    apikey,
    fingerprint,
)
from stockade.core.errors import RuleError


def test_severity_order_and_parse() -> None:
    assert Severity.CRITICAL > Severity.HIGH > Severity.MEDIUM > Severity.LOW > Severity.INFO
    assert sorted([Severity.LOW, Severity.CRITICAL, Severity.INFO]) == [
        Severity.INFO,
        Severity.LOW,
        Severity.CRITICAL,
    ]
    assert Severity.parse(" High ") is Severity.HIGH
    with pytest.raises(ConfigError, match="unknown severity 'severe'"):
        Severity.parse("severe")
    assert Severity.CRITICAL.title_case == "Critical"
    assert float(Severity.HIGH.security_severity) >= 7.0 > float(Severity.MEDIUM.security_severity)


def test_confidence_order() -> None:
    assert Confidence.HIGH > Confidence.MEDIUM > Confidence.LOW
    with pytest.raises(ConfigError):
        Confidence.parse("sure")


def test_rule_validation() -> None:
    with pytest.raises(RuleError, match="id must be"):
        Rule("Bad Id", "t", "sast", "x", Severity.LOW)
    with pytest.raises(RuleError, match="CWE"):
        Rule("ok.id", "t", "sast", "x", Severity.LOW, cwe=("89",))
    rule = Rule("ok.id", "Title", "sast", "x", Severity.LOW, description="d", remediation="r")
    assert rule.help_text == "d\n\nr"


def test_location_is_one_based() -> None:
    with pytest.raises(ValueError):
        Location("a.py", 0)
    assert str(Location("a.py", 3, 7)) == "a.py:3:7"


def test_finding_from_rule_inherits_and_pickles() -> None:
    rule = Rule("demo.x", "X", "sast", "x-kind", Severity.HIGH, cwe=("CWE-89",))
    trace = (TraceStep(Location("a.py", 1), "source"), TraceStep(Location("a.py", 4), "sink"))
    f = Finding.from_rule(rule, Location("a.py", 4), metadata={"k": 1}, trace=trace)
    assert (f.severity, f.cwe, f.type, f.message) == (Severity.HIGH, ("CWE-89",), "x-kind", "X")
    assert pickle.loads(pickle.dumps(f)) == f


def test_fingerprint_ignores_whitespace_but_not_content() -> None:
    a = fingerprint("r", "a.py", "x = eval(data)")
    assert a == fingerprint("r", "a.py", "   x  =  eval(data)   ")
    assert a != fingerprint("r", "a.py", "x = eval(other)")
    assert a != fingerprint("r", "b.py", "x = eval(data)")
    assert a != fingerprint("r", "a.py", "x = eval(data)", occurrence=1)


def test_api_key_format_and_checksum() -> None:
    key = apikey.generate()
    assert key.startswith("stk_") and len(key) == 4 + 43 + 6
    assert apikey.is_valid(key)
    tampered = key[:10] + ("a" if key[10] != "a" else "b") + key[11:]
    assert not apikey.is_valid(tampered)
    assert apikey.generate() != key
