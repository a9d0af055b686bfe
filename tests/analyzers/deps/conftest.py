"""A store built once per session from the real OSV exports in ``tests/data/osv``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from osv_data import OSV
from stockade.analyzers.deps.advisories.local import LocalStore

ECOSYSTEMS = ("PyPI", "crates.io", "Go")


@pytest.fixture(scope="session")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStore]:
    store = LocalStore(tmp_path_factory.mktemp("osv") / "advisories.sqlite")
    for ecosystem in ECOSYSTEMS:
        store.import_export(OSV / ecosystem / "all.zip")
    yield store
    store.close()
