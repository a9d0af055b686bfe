"""The exception tree of Stockade.

Every error Stockade raises on purpose derives from :class:`StockadeError`, so callers
(the CLI, the job runner, the HTTP layer) can tell "we refused this input" from a bug::

    StockadeError
    ├── ConfigError        invalid settings or command-line options (CLI exit 2)
    ├── TargetError        the path to analyse is missing, unreadable or not a directory/file
    ├── BaselineError      a baseline file that cannot be read or parsed
    └── AnalyzerError      an analyzer could not be built (bad rule file, missing grammar)
        └── RuleError      one rule is invalid; names the rule id and the file it came from
"""

from __future__ import annotations


class StockadeError(Exception):
    """Base of every deliberate Stockade error; its message is meant for users."""


class ConfigError(StockadeError):
    """Settings or options are invalid; the message names the offending key or flag."""


class TargetError(StockadeError):
    """The analysis target cannot be used as given."""


class BaselineError(StockadeError):
    """A baseline file is missing, corrupt or of an unknown version."""


class AnalyzerError(StockadeError):
    """An analyzer cannot be constructed, usually because of its rule data."""


class RuleError(AnalyzerError):
    """A single rule definition is invalid."""

    def __init__(self, rule_id: str, message: str, *, source: str | None = None) -> None:
        where = f" ({source})" if source else ""
        super().__init__(f"rule {rule_id}{where}: {message}")
        self.rule_id = rule_id
        self.source = source
