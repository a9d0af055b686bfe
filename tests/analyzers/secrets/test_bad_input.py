"""Bad input is scanned or skipped with a reason, never a crash or a hang.

Adversarial inputs aim at every detector family: each provider rule's keywords followed by long
runs of token characters that never complete a match, unterminated PEM blocks, URLs with
credentials that never reach a host, JWT-looking prefixes, and assignments with huge values.
Time grows linearly: scanning 2N bytes must take about twice as long as N (a super-linear
regex would take four times as long or more).
"""

from __future__ import annotations

import base64
import time
from pathlib import Path

import pytest

from analyzers.secrets.helpers import ANALYZER, analyze, fake, github_token
from stockade.analyzers.target import TargetOptions
from stockade.scan.runner import ScanOptions, run_scan

SECRETS_ONLY = ScanOptions(modules=("secrets",), jobs=1)


def _pem(body: str, kind: str = "RSA PRIVATE KEY") -> str:
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----\n"


def _key_body(seed: str) -> str:
    raw = base64.b64encode(fake(900, seed).encode()).decode()
    return "\n".join(raw[i : i + 64] for i in range(0, len(raw), 64))


def test_keys_after_a_storm_of_unterminated_headers_are_all_found() -> None:
    """Headers without an END are skipped cheaply (the END search remembers where none is)
    without hiding the real blocks after them, of either header form."""
    storm = "-----BEGIN PRIVATE KEY-----" * 2000 + "\n"
    ssh2 = "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\n" * 50
    text = storm + _pem(_key_body("one")) + ssh2 + _pem(_key_body("two"), "EC PRIVATE KEY")
    found, _ = analyze(text.encode(), "keys/all.pem")
    assert [f.rule_id for f in found] == ["private-key", "private-key"]
    assert found[1].location.line > found[0].location.end_line


def test_binary_files_are_skipped_with_a_reason() -> None:
    found, ctx = analyze(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 40, "bin/tool")
    assert found == []
    assert [i.message for i in ctx.issues] == [
        "binary file: only PKCS#12 key stores are recognised in binary content"
    ]


def test_a_secret_after_nul_bytes_in_text_is_still_found() -> None:
    token = github_token("nul")
    data = ("x = 1\n" * 2000).encode() + b"\x00\x00" + f'\nT = "{token}"\n'.encode()
    found, ctx = analyze(data, "src/app.py")  # NULs past the sniffed head: still text
    assert [f.rule_id for f in found] == ["github-pat"] and ctx.issues == []


def test_invalid_utf8_is_scanned_around_the_bad_bytes(tmp_path: Path) -> None:
    token = github_token("utf8")
    (tmp_path / "conf.py").write_bytes(b"name = '\xff\xfe\xc3('\n" + f'T = "{token}"\n'.encode())
    result = run_scan(tmp_path, SECRETS_ONLY)
    assert [(f.rule_id, f.location.line) for f in result.findings] == [("github-pat", 2)]
    assert result.issues == []


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files_are_decoded_and_scanned(tmp_path: Path, encoding: str) -> None:
    token = github_token(encoding)
    text = f"# settings\r\nGITHUB_TOKEN = '{token}'\r\n"
    (tmp_path / "settings.py").write_bytes(text.encode(encoding))
    result = run_scan(tmp_path, SECRETS_ONLY)
    assert [(f.rule_id, f.location.line) for f in result.findings] == [("github-pat", 2)]


def test_a_100_mb_single_line_file_is_skipped_with_a_reason(tmp_path: Path) -> None:
    with (tmp_path / "blob.min.js").open("wb") as fh:
        chunk = b"var a=1;" * 131072  # 1 MiB
        for _ in range(100):
            fh.write(chunk)
    token = github_token("small")
    (tmp_path / "small.py").write_text(f'T = "{token}"\n')
    started = time.perf_counter()
    result = run_scan(tmp_path, SECRETS_ONLY)
    assert time.perf_counter() - started < 30
    assert [f.location.path for f in result.findings] == ["small.py"]
    assert [(i.path, i.message) for i in result.issues] == [
        ("blob.min.js", "file larger than 25 MiB")
    ]


def test_a_large_single_line_is_scanned_when_the_limit_allows(tmp_path: Path) -> None:
    token = github_token("long")
    body = b"var a='x',b=2;" * (30 * 1024 * 1024 // 14) + f';t="{token}"'.encode()
    (tmp_path / "bundle.js").write_bytes(body)
    opts = ScanOptions(
        modules=("secrets",), jobs=1, target_options=TargetOptions(max_file_bytes=64 << 20)
    )
    started = time.perf_counter()
    result = run_scan(tmp_path, opts)
    assert time.perf_counter() - started < 30
    assert [(f.rule_id, f.location.line) for f in result.findings] == [("github-pat", 1)]


@pytest.mark.parametrize(
    "broken",
    [
        "-----BEGIN RSA PRIVATE KEY-----\n" + "QUJD" * 5000,  # never ends
        "-----BEGIN RSA PRIVATE KEY-----\n-----END RSA PRIVATE KEY-----\n",  # empty
        "-----BEGIN OPENSSH PRIVATE KEY-----\n!!!not base64!!!\n-----END OPENSSH PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\n" * 3000,  # only headers
        "-----END PRIVATE KEY-----\n" * 3000,  # only footers
        "-----BEGIN PRIVATE KEY-----\\n" + "QUJD\\n" * 3000,  # escaped form, unterminated
    ],
)
def test_broken_pem_blocks_never_crash(broken: str) -> None:
    found, ctx = analyze(broken, "keys/id.pem")
    assert ctx.issues == []
    assert all(f.rule_id == "private-key" for f in found)


def test_a_real_key_next_to_broken_blocks_is_found() -> None:
    text = "-----BEGIN RSA PRIVATE KEY-----\nQUJD\n" + _pem(_key_body("real"))
    found, _ = analyze(text, "keys/id_rsa")
    assert [f.rule_id for f in found] == ["private-key"]


def _adversarial(n: int) -> bytes:
    """About ``n`` bytes of near-misses for every detector family."""
    parts: list[str] = []
    for rule in ANALYZER._rules:
        for kw in rule.keywords[:2]:
            parts.append(f"{kw}{kw}=" + "a1B2" * 40 + " ")
    parts += [
        "-----BEGIN PRIVATE KEY-----\n" + "QUJD" * 50,
        "postgres://user:" + "p" * 200 + " ",
        "https://" + "u:" * 100 + " ",
        "eyJ" + "A" * 300 + "." + " ",
        "password=" + "Zq9" * 100 + "\n",
        'secret: "' + "k" * 300 + "\n",
        "<password>" + "x" * 300 + "\n",
        "--token " * 40 + "\n",
        "PuTTY-User-Key-File-2: ssh-rsa\n" * 3,
        "AKIA" * 100 + "\n",
    ]
    unit = "".join(parts).encode()
    return (unit * (n // len(unit) + 1))[:n]


def _seconds(data: bytes) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        analyze(data, "src/config.py")
        best = min(best, time.perf_counter() - started)
    return best


def test_adversarial_input_takes_linear_time() -> None:
    """Four times the input: linear work takes about 4x, quadratic 16x. The bound sits at 8x,
    half-way on a log scale, so a busy machine's noise does not fail it while a quadratic
    path does."""
    small = _adversarial(200_000)
    large = _adversarial(800_000)
    _seconds(small)  # warm the engine
    t1, t4 = _seconds(small), _seconds(large)
    assert t4 < 8.0 * t1 + 0.05, f"N: {t1:.3f}s, 4N: {t4:.3f}s"


@pytest.mark.parametrize(
    "unit",
    [
        "a" * 4096,  # one very long token
        "password=" * 2000,  # keyword storms
        "key:" * 4000,
        "ghp_" * 4000,
        "-----BEGIN PRIVATE KEY-----" * 500,
        "://:@" * 4000,
        "eyJ" * 5000,
        '"' * 8000,
        "\\n" * 8000,
    ],
)
def test_each_pathological_shape_is_linear(unit: str) -> None:
    small = (unit * (200_000 // len(unit) + 1)).encode()[:200_000]
    large = (unit * (400_000 // len(unit) + 1)).encode()[:400_000]
    _seconds(small)
    t1, t2 = _seconds(small), _seconds(large)
    assert t2 < 3.0 * t1 + 0.05, f"N: {t1:.3f}s, 2N: {t2:.3f}s"
