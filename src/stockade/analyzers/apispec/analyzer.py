"""The ``api`` analyzer: find OpenAPI documents by content and run every check on them.

Options (``[api]`` in ``.stockade.toml``): ``disable`` (rule ids), ``max_bytes`` (specs
larger than this are skipped with a reason; default 50 MiB).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from stockade.analyzers.apispec.checks import ALL
from stockade.analyzers.apispec.loader import LoadError, ParsedDoc, looks_like_spec, parse
from stockade.analyzers.apispec.model import Spec
from stockade.analyzers.apispec.refs import Node, Workspace
from stockade.analyzers.apispec.ruleset import MODULE, load_rules
from stockade.analyzers.apispec.suppress import KEY, suppressed
from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.target import FileContent, SourceFile
from stockade.core.finding import Finding, Location
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

SPEC_EXTENSIONS = (".json", ".yaml", ".yml")
DEFAULT_MAX_BYTES = 50 * 1024 * 1024


class ApiSpecAnalyzer(Analyzer):
    """OpenAPI 2.0/3.0/3.1 security audit mapped to the OWASP API Security Top 10 2023."""

    name: ClassVar[str] = MODULE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.disabled = frozenset(str(x) for x in self.options.get("disable", ()) or ())
        self.max_bytes = int(self.options.get("max_bytes", DEFAULT_MAX_BYTES))

    def rules(self) -> Sequence[Rule]:
        return list(load_rules().values())

    def wants(self, file: SourceFile) -> bool:
        return file.path.lower().endswith(SPEC_EXTENSIONS)

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        if content.binary or not _maybe_spec(content.data):
            return []
        if len(content.data) > self.max_bytes:
            ctx.skip(content.path, f"OpenAPI document larger than {self.max_bytes // 1048576} MiB")
            return []
        try:
            doc = parse(content.path, content.text)
        except LoadError as exc:
            ctx.error(content.path, f"cannot parse OpenAPI document: {exc}")
            return []
        if not isinstance(doc.data, dict) or not ({"openapi", "swagger"} & doc.data.keys()):
            return []  # JSON/YAML that is not a spec: not ours
        return self.audit(doc, ctx)

    def audit(self, doc: ParsedDoc, ctx: AnalysisContext) -> list[Finding]:
        """Run every check on one parsed spec; a failing check is reported, not raised."""
        spec = Spec(Workspace(doc, ctx.target.read_bytes))
        sink = _Collector(load_rules(), self.disabled)
        for check_name, check in ALL:
            try:
                check(spec, sink.emit)
            except RecursionError:
                ctx.error(
                    doc.path, f"check {check_name}: document nested too deeply", rule_id=check_name
                )
            except Exception as exc:  # one broken check must not hide the others' findings
                ctx.error(
                    doc.path,
                    f"check {check_name} failed: {type(exc).__name__}: {exc}",
                    rule_id=check_name,
                )
        return sink.findings


def _maybe_spec(data: bytes) -> bool:
    """The head test, plus for JSON (whose keys may come in any order) a plain byte search."""
    if looks_like_spec(data[:16384]):
        return True
    return data.lstrip()[:1] == b"{" and (b'"openapi"' in data or b'"swagger"' in data)


class _Collector:
    """Turns check reports into findings: dedupes, applies config and x-stockade-ignore."""

    def __init__(self, rules: Mapping[str, Rule], disabled: frozenset[str]) -> None:
        self.rules = rules
        self.disabled = disabled
        self.seen: set[tuple[str, str, str]] = set()
        self.findings: list[Finding] = []
        self._ignores: dict[str, bool] = {}

    def _may_ignore(self, node: Node) -> bool:
        """Whether the document mentions x-stockade-ignore at all (checked once per file)."""
        path = node.doc.path
        if path not in self._ignores:
            self._ignores[path] = KEY in node.doc.index.text
        return self._ignores[path]

    def emit(
        self,
        rule_id: str,
        node: Node,
        message: str,
        *,
        severity: Severity | None = None,
        confidence: Confidence | None = None,
        **metadata: Any,
    ) -> None:
        key = (rule_id, node.doc.path, node.pointer)
        if rule_id in self.disabled or key in self.seen:
            return
        self.seen.add(key)
        if self._may_ignore(node) and suppressed(node.doc.data, node.pointer, rule_id) is not None:
            return
        line, column = node.doc.index.locate(node.pointer)
        self.findings.append(
            Finding.from_rule(
                self.rules[rule_id],
                Location(node.doc.path, line, column),
                message=message,
                severity=severity,
                confidence=confidence,
                metadata={"pointer": node.pointer or "/", **metadata},
                fingerprint_basis=node.pointer or "/",
            )
        )
