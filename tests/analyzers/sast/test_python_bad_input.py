"""Bad Python input: analysed or skipped with a reason, never a crash, never a hang."""

from __future__ import annotations

import time

from stockade.analyzers.sast.analyzer import SastAnalyzer

VULN = (
    "import os\nfrom flask import request\ndef run():\n    os.system('ls ' + request.args['d'])\n"
)


def test_deeply_nested_expressions_do_not_crash(analyze_files) -> None:  # type: ignore[no-untyped-def]
    nested = "x = " + "(" * 3000 + "request.args['a']" + ")" * 3000 + "\n"
    chain = "y = " + " + ".join(["request.args['b']"] * 20000) + "\n"
    calls = "z = " + "f(" * 2000 + "request.args['c']" + ")" * 2000 + "\n"
    body = "from flask import request\nimport os\n" + nested + chain + calls + "os.system(y)\n"
    findings, _ = analyze_files(SastAnalyzer(), {"deep.py": body})
    assert isinstance(findings, list)


def test_a_file_that_does_not_parse_is_still_analysed(analyze_files) -> None:  # type: ignore[no-untyped-def]
    broken = VULN + "\ndef broken(:\n    return ((\n"
    findings, issues = analyze_files(SastAnalyzer(), {"broken.py": broken})
    assert any(f.rule_id == "python.command-injection" for f in findings)
    assert any("syntax errors" in i.message for i in issues)


def test_minified_code_is_skipped_with_a_reason(analyze_files) -> None:  # type: ignore[no-untyped-def]
    line = ";".join(f"v{i}=eval(input())" for i in range(2000))
    findings, issues = analyze_files(SastAnalyzer(), {"gen.py": line + "\n"})
    assert findings == []
    assert any("minified" in i.message for i in issues)


def test_a_ten_megabyte_file_finishes(analyze_files) -> None:  # type: ignore[no-untyped-def]
    block = (
        "def handler_{n}(request):\n"
        "    name = request.GET.get('n')\n"
        "    if name in ALLOWED:\n"
        "        return name.strip()\n"
        "    return 'x' + str({n})\n\n"
    )
    body = "ALLOWED = {'a'}\n" + "".join(block.format(n=i) for i in range(72000))
    assert len(body) > 10_000_000
    body += "import hashlib\ndigest = hashlib.md5(b'x').hexdigest()\n"
    started = time.perf_counter()
    findings, issues = analyze_files(SastAnalyzer(), {"big.py": body})
    assert time.perf_counter() - started < 60
    assert any(f.rule_id == "python.weak-hash" for f in findings)  # pattern rules still run
    assert any("data-flow skipped" in i.message for i in issues)


def test_an_unknown_encoding_is_analysed(analyze_files) -> None:  # type: ignore[no-untyped-def]
    data = VULN.encode() + b"# caf\xe9 \xff\xfe latin-1 bytes\n"
    findings, _ = analyze_files(SastAnalyzer(), {"latin.py": data})
    assert any(f.rule_id == "python.command-injection" for f in findings)


def test_a_flag_defined_by_itself_is_analysed(analyze_files) -> None:  # type: ignore[no-untyped-def]
    """A guard flag is followed one level only: ``ok = not ok`` must not recurse forever."""
    body = (
        "import os\nfrom flask import request\n"
        "def run():\n"
        "    ok = False\n"
        "    ok = not ok\n"
        "    cmd = request.args['d']\n"
        "    if not ok:\n"
        "        return ''\n"
        "    os.system('ls ' + cmd)\n"
    )
    findings, issues = analyze_files(SastAnalyzer(), {"flag.py": body})
    assert not [i for i in issues if i.kind == "error"]
    assert any(f.rule_id == "python.command-injection" for f in findings)


def test_a_long_function_full_of_flag_checks_stays_linear(analyze_files) -> None:  # type: ignore[no-untyped-def]
    """Guards look up what a flag was assigned: indexed once per function, not per ``if``
    (3,000 ``if vN:`` in one function took over 60 s before the index)."""
    lines = ["import os", "from flask import request", "def big():", "    q = request.args['q']"]
    for i in range(3000):
        lines += [f"    v{i} = q + '{i}'", f"    if v{i}:", f"        os.system('echo {i}')"]
    lines.append("    os.system('echo ' + q)")
    started = time.perf_counter()
    findings, issues = analyze_files(SastAnalyzer(), {"long.py": "\n".join(lines) + "\n"})
    assert time.perf_counter() - started < 30
    assert not [i for i in issues if i.kind == "error"]
    assert [f.location.line for f in findings if f.rule_id == "python.command-injection"] == [
        len(lines)
    ]
