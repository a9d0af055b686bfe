"""Manifest and lockfile parsers, chosen by file name.

Each parser takes the file's text and returns :class:`~stockade.analyzers.deps.model.Package`
records; a file it cannot read raises :class:`~stockade.analyzers.deps.model.ParseError`.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers import (
    dart,
    dotnet,
    elixir,
    golang,
    java,
    javascript,
    manifests,
    php,
    python,
    ruby,
    rust,
    sbom,
)

Parser = Callable[[str], list[Package]]

# (file name glob, parser); the first match wins.
PARSERS: tuple[tuple[str, Parser], ...] = (
    ("requirements*.txt", python.parse_requirements),
    ("*requirements.txt", python.parse_requirements),
    ("pyproject.toml", python.parse_pyproject),
    ("poetry.lock", python.parse_poetry_lock),
    ("Pipfile.lock", python.parse_pipfile_lock),
    ("pdm.lock", python.parse_pdm_lock),
    ("uv.lock", python.parse_uv_lock),
    ("pylock.toml", python.parse_pylock),
    ("pylock.*.toml", python.parse_pylock),
    ("package-lock.json", javascript.parse_package_lock),
    ("npm-shrinkwrap.json", javascript.parse_package_lock),
    ("yarn.lock", javascript.parse_yarn_lock),
    ("pnpm-lock.yaml", javascript.parse_pnpm_lock),
    ("bun.lock", javascript.parse_bun_lock),
    ("Cargo.lock", rust.parse_cargo_lock),
    ("package.json", manifests.parse_package_json),
    ("Cargo.toml", manifests.parse_cargo_toml),
    ("go.mod", golang.parse_go_mod),
    ("Gemfile.lock", ruby.parse_gemfile_lock),
    ("gems.locked", ruby.parse_gemfile_lock),
    ("composer.lock", php.parse_composer_lock),
    ("pom.xml", java.parse_pom),
    ("gradle.lockfile", java.parse_gradle_lockfile),
    ("packages.lock.json", dotnet.parse_packages_lock),
    ("mix.lock", elixir.parse_mix_lock),
    ("pubspec.lock", dart.parse_pubspec_lock),
    ("*.cdx.json", sbom.parse_cyclonedx),
    ("bom.json", sbom.parse_cyclonedx),
    ("*.spdx.json", sbom.parse_spdx),
)


def lockfile_siblings(path: str) -> tuple[str, ...]:
    """Paths of lockfiles that, when present, make the manifest at ``path`` redundant."""
    folder, _, name = path.rpartition("/")
    prefix = f"{folder}/" if folder else ""
    return tuple(prefix + lock for lock in manifests.LOCKFILES_BESIDE.get(name, ()))


def parser_for(path: str) -> Parser | None:
    name = path.rsplit("/", 1)[-1]
    for pattern, parser in PARSERS:
        if fnmatch.fnmatchcase(name, pattern):
            return parser
    return None
