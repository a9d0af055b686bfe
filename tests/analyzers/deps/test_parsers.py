"""Every parser on a real-shaped fixture: names, exact versions, lines and paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from stockade.analyzers.deps.model import Package, ParseError
from stockade.analyzers.deps.parsers import parser_for
from stockade.analyzers.deps.service import parse_file

FIXTURES = Path(__file__).parent / "fixtures"


def parse(rel: str) -> list[Package]:
    return parse_file(rel, (FIXTURES / rel).read_text())


def pins(packages: list[Package]) -> set[tuple[str, str, str]]:
    return {(p.ecosystem, p.name, p.version) for p in packages if p.pinned}


def test_requirements_pins_ranges_hashes_markers_extras() -> None:
    pkgs = parse("requirements.txt")
    assert pins(pkgs) == {
        ("PyPI", "Django", "3.2.0"),
        ("PyPI", "requests", "2.19.0"),
        ("PyPI", "Jinja2", "2.10"),
    }
    django = next(p for p in pkgs if p.name == "Django")
    assert django.line == 5
    unpinned = {p.name: p.spec for p in pkgs if not p.pinned}
    assert unpinned == {"urllib3": "<2,>=1.26", "flask": ""}


def test_pep621_and_poetry_manifests() -> None:
    pep621 = parse("pep621/pyproject.toml")
    assert pins(pep621) == {("PyPI", "pyyaml", "5.3")}
    assert {p.name for p in pep621 if not p.pinned} == {"urllib3", "jinja2"}
    poetry = parse("poetry/pyproject.toml")
    assert pins(poetry) == {("PyPI", "pillow", "8.1.0"), ("PyPI", "pytest", "7.0.0")}
    assert [p.spec for p in poetry if p.name == "requests"] == ["^2.20"]


def test_poetry_lock_paths_from_direct_dependencies() -> None:
    pkgs = {p.name: p for p in parse("poetry/poetry.lock")}
    assert pkgs["urllib3"].version == "1.26.4"
    assert pkgs["urllib3"].path == ("requests", "urllib3")
    assert pkgs["requests"].line == 14


@pytest.mark.parametrize(
    ("rel", "expected"),
    [
        ("Pipfile.lock", {("PyPI", "jinja2", "2.10"), ("PyPI", "markupsafe", "1.1.1"),
                          ("PyPI", "pytest", "7.0.0")}),
        ("pdm.lock", {("PyPI", "flask", "0.12.2"), ("PyPI", "werkzeug", "0.15.2")}),
        ("uv.lock", {("PyPI", "aiohttp", "3.8.0"), ("PyPI", "yarl", "1.9.4")}),
        ("pylock.toml", {("PyPI", "cryptography", "3.3.1"), ("PyPI", "cffi", "1.16.0")}),
        ("npm1/package-lock.json", {("npm", "express", "4.16.0"), ("npm", "qs", "6.5.1")}),
        ("npm3/package-lock.json", {("npm", "lodash", "4.17.15"), ("npm", "@babel/core", "7.20.0"),
                                    ("npm", "json5", "2.2.1")}),
        ("yarn1/yarn.lock", {("npm", "@babel/code-frame", "7.12.13"), ("npm", "minimist", "1.2.0")}),
        ("berry/yarn.lock", {("npm", "minimist", "1.2.5")}),
        ("pnpm6/pnpm-lock.yaml", {("npm", "axios", "0.21.0"), ("npm", "follow-redirects", "1.13.0")}),
        ("pnpm9/pnpm-lock.yaml", {("npm", "react-dom", "18.2.0"), ("npm", "react", "18.2.0")}),
        ("bun.lock", {("npm", "ws", "7.4.5")}),
        ("Cargo.lock", {("crates.io", "hyper", "0.14.9"), ("crates.io", "smallvec", "1.6.0")}),
        ("go.mod", {("Go", "github.com/gin-gonic/gin", "v1.6.0"), ("Go", "golang.org/x/text", "v0.3.5"),
                    ("Go", "github.com/dgrijalva/jwt-go", "v3.2.0+incompatible")}),
        ("Gemfile.lock", {("RubyGems", "actionpack", "5.2.0"), ("RubyGems", "nokogiri", "1.10.4"),
                          ("RubyGems", "rack", "2.0.6")}),
        ("composer.lock", {("Packagist", "guzzlehttp/guzzle", "6.3.0"),
                           ("Packagist", "phpunit/phpunit", "9.5.0")}),
        ("pom.xml", {("Maven", "com.fasterxml.jackson.core:jackson-databind", "2.9.8"),
                     ("Maven", "org.apache.logging.log4j:log4j-core", "2.14.1")}),
        ("gradle.lockfile", {("Maven", "com.google.guava:guava", "29.0-jre"),
                             ("Maven", "org.yaml:snakeyaml", "1.26")}),
        ("packages.lock.json", {("NuGet", "Newtonsoft.Json", "12.0.1"),
                                ("NuGet", "System.Text.Encodings.Web", "4.5.0")}),
        ("mix.lock", {("Hex", "plug", "1.11.0")}),
        ("pubspec.lock", {("Pub", "http", "0.12.2")}),
        ("app.cdx.json", {("PyPI", "requests", "2.19.0"), ("npm", "@babel/core", "7.20.0"),
                          ("Maven", "org.apache.logging.log4j:log4j-core", "2.14.1")}),
        ("app.spdx.json", {("crates.io", "regex", "1.5.4"), ("Go", "golang.org/x/net", "v0.7.0")}),
    ],
)  # fmt: skip
def test_lockfile_pins(rel: str, expected: set[tuple[str, str, str]]) -> None:
    assert pins(parse(rel)) == expected


def test_transitive_paths() -> None:
    npm3 = {p.name: p for p in parse("npm3/package-lock.json")}
    assert npm3["json5"].path == ("@babel/core", "json5")
    assert {p.name: p.path for p in parse("npm1/package-lock.json")}["qs"] == ("express", "qs")
    pnpm = {p.name: p for p in parse("pnpm9/pnpm-lock.yaml")}
    assert pnpm["react"].path == ("react-dom", "react")
    cargo = {p.name: p for p in parse("Cargo.lock")}
    assert cargo["smallvec"].path == ("hyper", "smallvec")
    gems = {p.name: p for p in parse("Gemfile.lock")}
    assert gems["rack"].path == ("actionpack", "rack")


def test_lines_point_at_the_entry() -> None:
    text = (FIXTURES / "Cargo.lock").read_text().splitlines()
    for pkg in parse("Cargo.lock"):
        assert f'name = "{pkg.name}"' in text[pkg.line - 1]
    go = {p.name: p.line for p in parse("go.mod")}
    assert go["github.com/dgrijalva/jwt-go"] == 11


def test_pom_range_is_unpinned() -> None:
    junit = next(p for p in parse("pom.xml") if p.name == "junit:junit")
    assert not junit.pinned and junit.spec == "[4.0,5.0)"


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("package-lock.json", "{not json"),
        ("Cargo.lock", "[[package]\nname="),
        ("pnpm-lock.yaml", "packages: [unclosed"),
        ("pom.xml", "<project><dependencies>"),
        ("pom.xml", '<!DOCTYPE x [<!ENTITY a "b">]><project/>'),
        ("composer.lock", "[1, 2]"),
    ],
)
def test_malformed_files_raise_parse_errors(name: str, body: str) -> None:
    with pytest.raises(ParseError):
        parse_file(name, body)


def test_file_selection() -> None:
    assert parser_for("a/b/requirements-dev.txt") is not None
    assert parser_for("dev-requirements.txt") is not None
    assert parser_for("src/package.json") is not None  # read only without a lockfile
    assert parser_for("src/package.jsonc") is None
    assert parser_for("notes.txt") is None
