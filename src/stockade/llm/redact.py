"""Secrets out of every text before it leaves for a provider.

Detection is the secrets analyzer's own (through :func:`stockade.scan.redact.redactor_for`,
the redactor the server already uses on findings, built once per process), so a prompt
loses exactly what a scan would report. Each secret becomes ``[REDACTED:<rule-id>]``: the
model still learns that a credential of that kind sat there, which is what an explanation
or a fix needs, and nothing of its value.
"""

from __future__ import annotations

from stockade.scan.redact import redactor_for


def redact(text: str, path: str = "") -> tuple[str, int]:
    """``text`` with each secret replaced, and how many were. ``path`` (the file the text
    comes from, when known) tunes detection as for a file there; with none, detection is
    at its most eager, which suits text about to leave the server."""
    redactor = redactor_for()
    if not redactor.may_hold_secret(text):
        return text, 0
    found = redactor.find(text, path)
    if not found:
        return text, 0
    data = text.encode("utf-8", "surrogatepass")
    out = bytearray()
    done = 0
    for cand in found:  # sorted by start, never overlapping
        out += data[done : cand.start]
        out += f"[REDACTED:{cand.rule_id}]".encode()
        done = cand.end
    out += data[done:]
    return out.decode("utf-8", "surrogatepass"), len(found)
