"""Pure domain model shared by every layer: no I/O, no imports of other Stockade packages."""

from stockade.core.errors import (
    AnalyzerError,
    BaselineError,
    ConfigError,
    StockadeError,
    TargetError,
)
from stockade.core.finding import Finding, Location, ScanIssue, TraceStep
from stockade.core.fingerprint import fingerprint, normalize_code
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

__all__ = [
    "AnalyzerError",
    "BaselineError",
    "Confidence",
    "ConfigError",
    "Finding",
    "Location",
    "Rule",
    "ScanIssue",
    "Severity",
    "StockadeError",
    "TargetError",
    "TraceStep",
    "fingerprint",
    "normalize_code",
]
