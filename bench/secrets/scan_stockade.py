"""Run Stockade's secrets module through the library API and write its findings as JSON.

The benchmark calls the pipeline directly rather than ``stockade analyze``: the CLI counts
local runs against a daily quota, which a benchmark repeated several times would exhaust.
The pipeline, its worker processes and the analyzer are the same ones the CLI uses.

Usage: python bench/secrets/scan_stockade.py <root> <out.json>
"""

from __future__ import annotations

import sys
from pathlib import Path

import orjson

from stockade.analyzers.target import TargetOptions
from stockade.scan.runner import ScanOptions, run_scan


def main() -> None:
    root, out = sys.argv[1], Path(sys.argv[2])
    opts = ScanOptions(
        modules=("secrets",),
        jobs=0,
        target_options=TargetOptions(use_default_excludes=False),
    )
    result = run_scan(root, opts)
    rows = [
        {
            "rule_id": f.rule_id,
            "path": f.location.path,
            "line": f.location.line,
            "confidence": str(f.confidence.value),
            "severity": str(f.severity.value),
            "preview": f.metadata.get("secret_preview"),
        }
        for f in result.findings
    ]
    skipped = [{"kind": i.kind, "path": i.path, "reason": i.message} for i in result.issues]
    doc = {"findings": rows, "issues": skipped, "files": result.files_total}
    out.write_bytes(orjson.dumps(doc, option=orjson.OPT_INDENT_2))


if __name__ == "__main__":
    main()
