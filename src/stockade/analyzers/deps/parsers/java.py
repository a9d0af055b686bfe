"""Maven pom.xml (properties and dependencyManagement resolved within the file) and Gradle
dependency lockfiles."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from stockade.analyzers.deps.model import Package, ParseError
from stockade.analyzers.deps.parsers._common import LineFinder

ECO = "Maven"
_PROP = re.compile(r"\$\{([^}]+)\}")


def _strip_ns(root: ET.Element) -> None:
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]


def _text(el: ET.Element | None, name: str) -> str:
    child = el.find(name) if el is not None else None
    return (child.text or "").strip() if child is not None else ""


def _properties(root: ET.Element) -> dict[str, str]:
    props = {
        "project.version": _text(root, "version") or _text(root.find("parent"), "version"),
        "project.groupId": _text(root, "groupId") or _text(root.find("parent"), "groupId"),
    }
    props["version"] = props["project.version"]
    for el in root.find("properties") or []:
        props[str(el.tag)] = (el.text or "").strip()
    return props


def _resolve(value: str, props: dict[str, str]) -> str:
    for _ in range(10):  # properties may refer to properties; bounded against cycles
        new = _PROP.sub(lambda m: props.get(m.group(1), m.group(0)), value)
        if new == value:
            break
        value = new
    return value


def parse_pom(text: str) -> list[Package]:
    if "<!ENTITY" in text:
        raise ParseError("pom.xml declares XML entities; refused")
    try:
        root = ET.fromstring(text)  # noqa: S314 - entities refused above
    except ET.ParseError as exc:
        raise ParseError(f"invalid XML: {exc}") from exc
    _strip_ns(root)
    props = _properties(root)
    managed = {}
    for dep in root.findall("./dependencyManagement/dependencies/dependency"):
        ga = f"{_resolve(_text(dep, 'groupId'), props)}:{_resolve(_text(dep, 'artifactId'), props)}"
        managed[ga] = _resolve(_text(dep, "version"), props)
    finder = LineFinder(text)
    out = []
    for dep in root.findall("./dependencies/dependency"):
        group = _resolve(_text(dep, "groupId"), props)
        artifact = _resolve(_text(dep, "artifactId"), props)
        version = _resolve(_text(dep, "version"), props) or managed.get(f"{group}:{artifact}", "")
        name = f"{group}:{artifact}"
        line = finder.find(f"<artifactId>{_text(dep, 'artifactId')}</artifactId>")
        pinned = bool(version) and "${" not in version and not version.startswith(("[", "("))
        out.append(
            Package(
                ECO,
                name,
                version if pinned else "",
                line,
                pinned=pinned,
                spec="" if pinned else version,
                path=(name,),
            )
        )
    return out


def parse_gradle_lockfile(text: str) -> list[Package]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        coords = line.split("=", 1)[0].strip()
        parts = coords.split(":")
        if line.startswith("#") or len(parts) != 3 or coords == "empty":
            continue
        name = f"{parts[0]}:{parts[1]}"
        out.append(Package(ECO, name, parts[2], number, path=(name,)))
    return out
