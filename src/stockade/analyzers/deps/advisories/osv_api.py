"""The online source: OSV's ``/v1/querybatch`` in batches, then full records by id.

The base URL is configurable so that a self-hosted OSV mirror works; tests point it at a
loopback server.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import httpx

from stockade.analyzers.deps.advisories.interface import (
    Advisory,
    AdvisorySource,
    AdvisorySourceError,
)

DEFAULT_API = "https://api.osv.dev"
BATCH = 1000  # OSV's documented maximum queries per querybatch call


class OsvApiSource(AdvisorySource):
    def __init__(
        self, base_url: str = DEFAULT_API, *, timeout: float = 30.0, batch: int = BATCH
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.batch = max(1, batch)

    def lookup(
        self, packages: Iterable[tuple[str, str]]
    ) -> Mapping[tuple[str, str], Sequence[Advisory]]:
        wanted = sorted(set(packages))
        found: dict[tuple[str, str], list[Advisory]] = {}
        records: dict[str, Advisory] = {}
        try:
            with httpx.Client(base_url=self.base_url, timeout=self.timeout) as client:
                for start in range(0, len(wanted), self.batch):
                    chunk = wanted[start : start + self.batch]
                    for pkg, ids in zip(chunk, self._query(client, chunk), strict=True):
                        for adv_id in ids:
                            if adv_id not in records:
                                records[adv_id] = self._fetch(client, adv_id)
                            found.setdefault(pkg, []).append(records[adv_id])
        except httpx.HTTPError as exc:
            raise AdvisorySourceError(f"OSV API at {self.base_url} failed: {exc}") from exc
        return found

    def _query(self, client: httpx.Client, chunk: Sequence[tuple[str, str]]) -> list[list[str]]:
        body = {"queries": [{"package": {"ecosystem": e, "name": n}} for e, n in chunk]}
        response = client.post("/v1/querybatch", json=body)
        response.raise_for_status()
        results: list[Any] = response.json().get("results") or []
        if len(results) != len(chunk):
            raise AdvisorySourceError("OSV querybatch answered a different number of results")
        return [[str(v["id"]) for v in (r or {}).get("vulns") or ()] for r in results]

    @staticmethod
    def _fetch(client: httpx.Client, adv_id: str) -> Advisory:
        response = client.get(f"/v1/vulns/{adv_id}")
        response.raise_for_status()
        record: Advisory = response.json()
        return record
