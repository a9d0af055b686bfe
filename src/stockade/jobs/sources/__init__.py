"""Where a job's code comes from, fetched safely into a private directory by the worker.

``parse_source`` validates a request's ``source`` object without any I/O (so the API can
answer 4xx at submission); ``fetch`` materialises it inside the worker, under limits.
"""

from stockade.jobs.sources.errors import SourceError, SourceRejectedError
from stockade.jobs.sources.fetch import fetch
from stockade.jobs.sources.limits import SourceLimits
from stockade.jobs.sources.spec import (
    ArchiveSource,
    DirectorySource,
    FilesSource,
    GitSource,
    SourceSpec,
    parse_source,
)

__all__ = [
    "ArchiveSource",
    "DirectorySource",
    "FilesSource",
    "GitSource",
    "SourceError",
    "SourceLimits",
    "SourceRejectedError",
    "SourceSpec",
    "fetch",
    "parse_source",
]
