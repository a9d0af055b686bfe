"""The ``json`` format: ``{tool, version, summary, errors, findings}``."""

from __future__ import annotations

import orjson

from stockade import __version__
from stockade.report.interface import TOOL_NAME, finding_to_dict, issue_to_dict, summary
from stockade.scan.runner import ScanResult


def render(result: ScanResult) -> str:
    doc = {
        "tool": TOOL_NAME,
        "version": __version__,
        "summary": summary(result),
        "errors": [issue_to_dict(i) for i in result.issues],
        "findings": [finding_to_dict(f) for f in result.findings],
    }
    return orjson.dumps(doc, option=orjson.OPT_INDENT_2).decode() + "\n"
