"""Compile ``providers.txt`` (one compact line per documented token format) into rule TOML.

Run ``python -m stockade.analyzers.secrets.catalog.generate`` after editing the catalog; the
generated ``rules/providers-*.toml`` files are what the analyzer loads. The compact form exists
so that several hundred formats stay reviewable at one line each; the TOML is the contract
users see (and copy when they write their own rules).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from stockade.analyzers.secrets import assignment
from stockade.analyzers.secrets.examples import CLASSES, expand

HERE = Path(__file__).parent
RULES_DIR = HERE.parent / "rules"
_BODY = re.compile(r"^([a-zA-Z])(\d+)(?:-(\d+))?(.*)$")
_TRAIL = r"(?:[^A-Za-z0-9_+/=-]|$)"
_GAP = r"[^\n=:>]{0,30}?"
# Between a name and its value: a YAML parent key, a Kubernetes ``name:``/``value:`` pair, an
# HCL ``variable "x" { default = … }``, or an assignment. The provider word is followed by a
# gap (``_GAP``) that already crosses declared types (``string``, ``As String``), one-character
# operator prefixes (``?=``, ``+=``, ``!=``, ``.=``) and ``) VALUES``, so this separator adds only
# what the gap cannot cross (see the assignment module for the grammar): ``:::=``/``::=``,
# ``: &str =``, a property list's ``</key><string>``, values on the next line (YAML block
# scalars, heredocs, XML text; ``\s*`` after the operator), wrappers and string prefixes.
# Lean on purpose: 300 keyword rules embed it, and each builds its own RE2 DFA.
_K_WRAPPER = (
    r"(?:[|>][-+]?[0-9]?[ \t]*\n\s*|<(?:string|data)>\s*|"
    + assignment.HEREDOC
    + r"|"
    + assignment.TRIPLE_QUOTE
    + r"|(?i:ConvertTo-SecureString)\s+|(?:echo|printf)\s+"
    + r"|(?:String::from|String|str|SecretStr|Buffer\.from|\[\]byte)\()"
)
_SEP = (
    r"(?:\s*:\s*\n\s+[A-Za-z0-9_.-]{1,30}|\s*\n\s{0,40}(?i:value)|\s*\{[^{}]*?\b(?i:default))?"
    r"[\"'`\]]?\s{0,3}"
    r"(?::\s{0,2}[&*]*(?:'[a-z]+\s+)?[A-Za-z_][A-Za-z0-9_.<>\[\]]{0,30}\s{0,2}=|=>|:{1,3}=|=|:|,|>|\(|\s)"
    r"\s*(?:[&!][!A-Za-z0-9_/-]*\s+)*" + _K_WRAPPER + r"?"
    r"[(\[]?\s{0,2}\\?(?:@?[\"'`]|&quot;)?"
)
_UUID_RE = r"[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}"
_UUID_TPL = "{h:8}-{h:4}-{h:4}-{h:4}-{h:12}"
_REMEDIATION = {
    "cloud": "Deactivate the key in the cloud provider's console, rotate it, review the account's "
    "activity logs for its use, and load credentials from the environment or a secret manager.",
    "payment": "Roll the key in the payment provider's dashboard at once, review recent "
    "transactions and API logs, and keep keys in a secret manager.",
}
_DEFAULT_REMEDIATION = (
    "Revoke the credential with its provider, issue a new one, check the provider's audit log "
    "for use of the leaked one, and load it at run time from a secret manager or the environment."
)


@dataclass
class Spec:
    kind: str
    id: str
    title: str
    category: str
    severity: str
    regex: str
    template: str
    keywords: list[str]


def body_regex(code: str) -> tuple[str, str]:
    """Regex and example template of a body code such as ``a36``, ``h32``, ``B86==``, ``U``."""
    if code == "U":
        return _UUID_RE, _UUID_TPL
    m = _BODY.match(code)
    if not m:
        raise ValueError(f"bad body code {code!r}")
    cls, low, high, suffix = m.group(1), m.group(2), m.group(3), m.group(4)
    quant = f"{{{low},{high}}}" if high else f"{{{low}}}"
    tpl_len = max(int(low), min(int(high or low), int(low) + 8))
    return CLASSES[cls] + quant + re.escape(suffix), f"{{{cls}:{tpl_len}}}{suffix}"


def split_regex_template(text: str) -> tuple[str, str]:
    """``R:<regex>=<template>``: the first ``=`` where the template fully matches the regex."""
    for i, ch in enumerate(text):
        if ch != "=":
            continue
        regex, tpl = text[:i], text[i + 1 :]
        try:
            if re.fullmatch(regex, expand(tpl, "probe")):
                return regex, tpl
        except re.error:
            continue
    raise ValueError(f"cannot split {text!r}")


def parse_line(line: str) -> Spec:
    kind, rid, title, cat, sev, rest = line.split("|", 5)
    if kind == "R":
        regex, tpl, kws = rest.rsplit("|", 2)
        return Spec(kind, rid, title, cat, sev, regex, tpl, kws.split("/"))
    kw, body = rest.split("|", 1)
    if body.startswith("R:"):
        b_re, b_tpl = split_regex_template(body[2:])
    else:
        b_re, b_tpl = body_regex(body)
    if kind == "P":
        regex = r"\b(" + re.escape(kw) + b_re + ")" + _TRAIL
        return Spec(kind, rid, title, cat, sev, regex, kw + b_tpl, [kw])
    words = kw.split("/")
    alt = "|".join(re.escape(w).replace("_", "[_.-]?") for w in words)
    regex = "(?i:" + alt + ")" + _GAP + _SEP + "(" + b_re + ")" + _TRAIL
    template = words[0].upper() + '_KEY = "' + b_tpl + '"'
    return Spec(
        kind, rid, title, cat, sev, regex, template, [v for w in words for v in _variants(w)]
    )


def _variants(word: str) -> list[str]:
    """The word with each separator the regex allows (``_``, ``.``, ``-``, none), uniformly."""
    pieces = re.split(r"[_.-]", word)
    return list(dict.fromkeys(sep.join(pieces) for sep in ("", "_", "-", ".")))


def false_positives(spec: Spec) -> list[str]:
    """Look-alikes each rule must ignore: a repeated-character placeholder and a variable."""
    placeholder = re.sub(r"\{([a-zA-Z]):(\d+)\}", _repeat, spec.template)
    fps = [placeholder]
    if spec.kind == "K":
        fps.append(spec.template.split('"')[0] + '"${' + spec.keywords[0].upper() + '_KEY}"')
    else:
        fps.append("the prefix " + spec.keywords[0] + " alone")
    return fps


def _repeat(m: re.Match[str]) -> str:
    return ("0" if m.group(1) == "d" else "x") * int(m.group(2))


def toml_str(value: str) -> str:
    if "'''" not in value and "\n" not in value:
        return "'''" + value + "'''"
    raise ValueError(value)


def render(spec: Spec) -> str:
    conf = "medium" if spec.kind == "K" else "high"
    lines = [
        "[[rule]]",
        f'id = "{spec.id}"',
        f'title = "{spec.title}"',
        f'description = "{spec.title}, recognised by its documented format. Whoever holds it can act as its owner."',
        f'category = "{spec.category}"',
        f'severity = "{spec.severity}"',
        f'confidence = "{conf}"',
        f"regex = {toml_str(spec.regex)}",
        "secret_group = 1",
        "keywords = [" + ", ".join(toml_str(k.lower()) for k in spec.keywords) + "]",
        f"min_entropy = {_min_entropy(spec.template)}",
        f'remediation = "{_REMEDIATION.get(spec.category, _DEFAULT_REMEDIATION)}"',
        "true_positives = [" + toml_str(spec.template) + "]",
        "false_positives = [" + ", ".join(toml_str(f) for f in false_positives(spec)) + "]",
    ]
    return "\n".join(lines) + "\n"


def _min_entropy(template: str) -> float:
    """Short random bodies cannot reach 3 bits per character; ask less of them."""
    random_chars = sum(int(n) for n in re.findall(r"\{[a-zA-Z]:(\d+)\}", template))
    return 3.0 if random_chars >= 20 else 2.5 if random_chars >= 12 else 2.0


def main() -> None:
    groups: dict[str, list[str]] = {}
    for raw in (HERE / "providers.txt").read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        spec = parse_line(raw)
        re.compile(spec.regex)
        groups.setdefault(spec.category, []).append(render(spec))
    for old in RULES_DIR.glob("providers-*.toml"):
        old.unlink()
    header = "# Generated from catalog/providers.txt by catalog/generate.py; edit the catalog.\n"
    header += (
        "# Example templates: {a:36} stands for 36 characters of class a (see examples.py).\n\n"
    )
    for cat, rules in sorted(groups.items()):
        (RULES_DIR / f"providers-{cat}.toml").write_text(
            header + "\n".join(rules), encoding="utf-8"
        )
    print(sum(len(r) for r in groups.values()), "rules in", len(groups), "files")


if __name__ == "__main__":
    main()
