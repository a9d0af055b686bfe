"""Generate the SAST rules table (``docs/rules/sast.md``) from the rule metadata.

Run ``python -m stockade.analyzers.sast.ruledoc > docs/rules/sast.md``; a test checks that
the committed table matches the rules.
"""

from __future__ import annotations

import sys

from stockade.analyzers.sast.configrules import load_config_rules
from stockade.analyzers.sast.ruleset import LanguageRules, load_all


def _row(kind: str, meta_id: str, rules: LanguageRules) -> str:
    metas = [r.meta for r in rules.pattern_rules] + [r.meta for r in rules.taint_rules]
    meta = next(m for m in metas if m.id == meta_id)
    cwe = ", ".join(meta.cwe)
    return f"| `{meta.id}` | {meta.title} | {kind} | {meta.severity.value} | {meta.confidence.value} | {cwe} |"


def render() -> str:
    out = [
        "# SAST rules",
        "",
        "Generated from the rule files by `python -m stockade.analyzers.sast.ruledoc`; do not edit.",
        "",
    ]
    for language, rules in sorted(load_all().items()):
        total = len(rules.pattern_rules) + len(rules.taint_rules)
        out += [
            f"## {language} ({total} rules)",
            "",
            "| id | title | kind | severity | confidence | CWE |",
            "|---|---|---|---|---|---|",
        ]
        rows = [("taint", r.meta.id) for r in rules.taint_rules] + [
            ("pattern", r.meta.id) for r in rules.pattern_rules
        ]
        out += [_row(kind, rid, rules) for kind, rid in sorted(rows, key=lambda x: x[1])]
        out.append("")
    config = sorted((r.meta for r in load_config_rules().rules), key=lambda m: m.id)
    out += [
        f"## config files and templates ({len(config)} rules)",
        "",
        "| id | title | kind | severity | confidence | CWE |",
        "|---|---|---|---|---|---|",
    ]
    out += [
        f"| `{m.id}` | {m.title} | config | {m.severity.value} | {m.confidence.value}"
        f" | {', '.join(m.cwe)} |"
        for m in config
    ]
    out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(render())
