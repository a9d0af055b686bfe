"""A job's analysis options (``"options"`` of a submission): secrets history and verification.

They are checked at submission, against the source and the modules, so a job that cannot do
what was asked is refused with a 422 instead of failing later in a runner: history needs a
git source (an archive or a file list has no commits) and both options need the secrets
module. They are stored on the job and read back by the runner, which is the only place that
turns them into analyzer options: a submitted tree's ``.stockade.toml`` can never switch
verification on, only the submitter's explicit ``"verify": true`` can.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stockade.core.errors import StockadeError

# A git revision as people write one (sha, branch, tag, HEAD~3, v1.2^{commit}); never an
# option (a leading "-") nor anything with white space or control characters.
_REVISION = r"[A-Za-z0-9_][A-Za-z0-9_./~^@{}+-]{0,199}"
SINCE_PATTERN = f"^{_REVISION}$"  # for JSON Schema
_SINCE = re.compile(_REVISION)
SECRETS = "secrets"


class JobOptionsError(StockadeError, ValueError):
    """The options cannot apply to this submission; the message says why (a 422)."""


@dataclass(frozen=True)
class JobOptions:
    history: bool = False
    since: str | None = None
    verify: bool = False

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> JobOptions:
        """From a submission or a stored job (``None``: the defaults)."""
        if not raw:
            return cls()
        since = raw.get("since")
        return cls(
            history=raw.get("history") is True,
            since=str(since) if since is not None else None,
            verify=raw.get("verify") is True,
        )

    def to_json(self) -> dict[str, Any]:
        return {"history": self.history, "since": self.since, "verify": self.verify}

    def check(self, source_type: str, modules: Sequence[str]) -> None:
        """Raise :class:`JobOptionsError` when the options cannot apply."""
        if self.since is not None and not self.history:
            raise JobOptionsError(
                "options.since selects the commits options.history scans; set history to true"
            )
        if self.since is not None and not _SINCE.fullmatch(self.since):
            raise JobOptionsError(f"options.since: {self.since!r} is not a git revision")
        if self.history and source_type != "git":
            raise JobOptionsError(
                f"options.history scans a git repository's commits; a {source_type} source "
                "has no history (submit a git source, or drop history)"
            )
        for name in ("history", "verify"):
            if getattr(self, name) and SECRETS not in modules:
                raise JobOptionsError(
                    f"options.{name} applies to the secrets module, which this job does not run"
                )
