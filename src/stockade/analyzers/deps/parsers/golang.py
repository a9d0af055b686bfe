"""go.mod: ``require`` lines (single and block form) minus ``exclude``, after ``replace``.

Go's minimal version selection makes the required versions the built ones; ``// indirect``
requirements are transitive (their path starts at the module itself).
"""

from __future__ import annotations

import re

from stockade.analyzers.deps.model import Package

ECO = "Go"
_REQ = re.compile(r"^\s*(?:require\s+)?([^\s()]+)\s+(v[^\s]+)(\s*//.*)?$")
_REPLACE = re.compile(r"^\s*(?:replace\s+)?(\S+)(?:\s+v\S+)?\s+=>\s+(\S+)(?:\s+(v\S+))?")


def parse_go_mod(text: str) -> list[Package]:
    requires: list[tuple[int, str, str]] = []
    replaces: dict[str, tuple[str, str | None]] = {}
    block = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.endswith("(") and line.split()[0] in ("require", "replace", "exclude"):
            block = line.split()[0]
            continue
        if line == ")":
            block = ""
            continue
        kind = block or (line.split()[0] if line else "")
        if kind == "require":
            m = _REQ.match(line)
            if m:
                requires.append((number, m.group(1), m.group(2)))
        elif kind == "replace":
            r = _REPLACE.match(line)
            if r:
                replaces[r.group(1)] = (r.group(2), r.group(3))
    out = []
    for number, module, version in requires:
        if module in replaces:
            target, target_version = replaces[module]
            if target_version is None:
                continue  # replaced by a local directory: not a registry module
            module, version = target, target_version
        out.append(Package(ECO, module, version, number, path=(module,)))
    return out
