"""Check implementations. Each check is ``fn(spec, emit)``; metadata lives in ``rules.yaml``.

A check may report several rule ids (they share the traversal); ``ALL`` lists them in the
order they run. A check that raises is reported as a rule error and the others still run.
"""

from __future__ import annotations

from stockade.analyzers.apispec.checks import (
    auth,
    authz,
    exposure,
    flows,
    inventory,
    limits,
    massassign,
    misconfig,
    objects,
    schemas,
    ssrf,
    validity,
)
from stockade.analyzers.apispec.checks.common import Check

ALL: tuple[tuple[str, Check], ...] = (
    ("validity", validity.check),
    ("objects", objects.check),
    ("auth", auth.check),
    ("schemas", schemas.check),
    ("massassign", massassign.check),
    ("exposure", exposure.check),
    ("limits", limits.check),
    ("authz", authz.check),
    ("flows", flows.check),
    ("ssrf", ssrf.check),
    ("misconfig", misconfig.check),
    ("inventory", inventory.check),
)
