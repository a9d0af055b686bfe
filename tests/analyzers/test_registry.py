"""The analyzer registry: what a local scan runs, without importing what it will not run."""

from __future__ import annotations

import subprocess
import sys

from stockade.analyzers import registry


def test_server_only_builtins_match_their_classes() -> None:
    classes = registry.available()
    declared = {name for name in registry.BUILTIN if name in classes and classes[name].needs_server}
    assert declared == set(registry.SERVER_ONLY_BUILTINS)


def test_local_names_are_the_local_analyzers_less_the_skipped() -> None:
    local = [n for n, c in registry.available().items() if not c.needs_server]
    assert list(registry.local_names()) == local
    assert list(registry.local_names({"sast", "api"})) == [
        n for n in local if n not in {"sast", "api"}
    ]


def test_a_secrets_only_selection_imports_no_other_analyzer() -> None:
    code = (
        "import sys\n"
        "from stockade.analyzers import registry\n"
        "print(registry.local_names({'sast', 'api'}))\n"
        "print(sorted(m for m in sys.modules if m.startswith('stockade.analyzers.')"
        " and m.split('.')[2] in ('sast', 'deps', 'apispec')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    names, imported = out.stdout.splitlines()
    assert names == "('secrets',)"
    assert imported == "[]"
