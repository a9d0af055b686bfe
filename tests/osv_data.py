"""Where the suite's real OSV advisories live: ``tests/data/osv`` (see its README for licences).

One constant, so no test reaches outside the repository for data (a user's clone has nothing
beside it).
"""

from __future__ import annotations

from pathlib import Path

OSV = Path(__file__).parent / "data" / "osv"
