"""Stockade: self-hosted security analysis (SAST, secrets, OpenAPI, dependencies).

The public, stable surface is re-exported here; everything else is internal.
"""

from stockade.core.errors import StockadeError
from stockade.core.finding import Finding, Location, TraceStep
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

__version__ = "0.1.0"

__all__ = [
    "Confidence",
    "Finding",
    "Location",
    "Rule",
    "Severity",
    "StockadeError",
    "TraceStep",
    "__version__",
]
