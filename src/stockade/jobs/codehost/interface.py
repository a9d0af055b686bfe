"""What publishing needs from a code host, in the host's own terms but no wire format.

:mod:`.publish` decides *what* to publish and talks only to this protocol;
:mod:`.github` speaks GitHub's REST API v3. A GitLab module would implement the same
calls (commit status, pipeline report, merge-request discussions, issues).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

CommitState = Literal["success", "failure", "error", "pending"]
Conclusion = Literal["success", "failure", "neutral"]
AnnotationLevel = Literal["notice", "warning", "failure"]


@dataclass(frozen=True)
class Target:
    """Where a job's results go: ``repo`` is ``owner/name``; ``ref`` is the Git ref the
    SARIF upload is filed under when there is no pull request."""

    repo: str
    commit: str
    pull_request: int | None = None
    ref: str | None = None


@dataclass(frozen=True)
class Annotation:
    path: str
    start_line: int
    end_line: int
    level: AnnotationLevel
    title: str
    message: str


@dataclass(frozen=True)
class CheckRun:
    name: str
    conclusion: Conclusion
    title: str
    summary: str
    annotations: Sequence[Annotation]


class CodeHost(Protocol):
    """One authenticated connection to a code host; every call raises
    :class:`~.errors.PublishError` (or :class:`~.errors.RateLimitedError`) on failure."""

    def set_commit_status(
        self, repo: str, commit: str, state: CommitState, description: str, context: str
    ) -> None: ...

    def create_check_run(self, repo: str, commit: str, run: CheckRun) -> str:
        """Create the check run with all its annotations; returns its id."""
        ...

    def changed_lines(self, repo: str, pull_request: int) -> dict[str, set[int]]:
        """Path → the line numbers the pull request adds to it."""
        ...

    def review_comment_bodies(self, repo: str, pull_request: int) -> Iterator[str]:
        """The bodies of the review comments already on the pull request."""
        ...

    def create_review_comment(
        self, repo: str, pull_request: int, commit: str, path: str, line: int, body: str
    ) -> str: ...

    def upload_sarif(self, repo: str, commit: str, ref: str, sarif: Mapping[str, Any]) -> str:
        """Upload a SARIF log to code scanning; returns the upload's id."""
        ...

    def create_issue(self, repo: str, title: str, body: str, labels: Sequence[str]) -> str:
        """Open an issue; returns its number."""
        ...

    def close(self) -> None: ...
