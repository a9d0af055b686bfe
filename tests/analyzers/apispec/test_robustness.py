"""Malformed specs (wrong types anywhere) never make a check raise.

Every case of the corpus is mutated at random places with values of the wrong type; each
check must still complete (an exception would be reported as a rule error by the analyzer).
Seeded, so a failure is reproducible.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from stockade.analyzers.apispec.checks import ALL
from stockade.analyzers.apispec.loader import parse
from stockade.analyzers.apispec.model import Spec
from stockade.analyzers.apispec.refs import Workspace

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "apispec"
JUNK: list[Any] = [
    None,
    1,
    "x",
    [],
    {},
    [1],
    {"$ref": "#/nope"},
    {"$ref": 5},
    True,
    [{}],
    {"a": None},
    -1.5,
    [None],
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


def _mutate(data: Any, rng: random.Random) -> Any:
    targets = [p for p in _paths(data) if p]
    for _ in range(rng.randint(1, 5)):
        path = rng.choice(targets)
        holder = data
        try:
            for token in path[:-1]:
                holder = holder[token]
            holder[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        except (KeyError, IndexError, TypeError):
            continue
    return data


def _specs() -> list[Path]:
    return sorted(
        p
        for p in CORPUS.rglob("*")
        if p.suffix in (".yaml", ".yml") and "openapi" in p.read_text()[:2000]
    )


@pytest.mark.parametrize("seed", range(3))
def test_checks_survive_wrong_types(seed: int) -> None:
    rng = random.Random(seed)
    failures = []
    for path in _specs():
        for _ in range(4):
            data = _mutate(yaml.safe_load(path.read_text()), rng)
            if not isinstance(data, dict):
                continue
            spec = Spec(Workspace(parse("m.json", json.dumps(data)), lambda rel: b""))
            for name, check in ALL:
                try:
                    check(spec, lambda *a, **k: None)
                except Exception as exc:
                    failures.append(f"{path.name} seed {seed}: {name}: {type(exc).__name__}: {exc}")
    assert not failures, failures[:5]
