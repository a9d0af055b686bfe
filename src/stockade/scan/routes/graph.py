"""Join the facts of every file into full routes: resolve which router a route or mount
names (locally, or through the file's imports to another file of the tree) and prepend the
prefixes of every chain of mounts that leads to it."""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterable, Sequence

from stockade.scan.routes.model import FileFacts, Mount, Route, RouterDecl

Key = tuple[str, str]  # (file, router name)
MAX_DEPTH = 8
_JS_SUFFIXES = ("", ".js", ".ts", ".mjs", ".cjs", ".jsx", ".tsx", "/index.js", "/index.ts")


class RouteGraph:
    def __init__(self, facts: Sequence[FileFacts]) -> None:
        self.files = {f.path: f for f in facts}
        self._py_files = [p for p, f in self.files.items() if f.language == "python"]
        self.parents: dict[Key, list[tuple[Key, Mount]]] = defaultdict(list)
        for f in facts:
            for mount in f.mounts:
                parent = self.resolve(f, mount.parent)
                child = self.resolve(f, mount.child)
                if parent is not None and child is not None and parent != child:
                    self.parents[child].append((parent, mount))
        self._prefixes: dict[Key, list[str]] = {}

    def routes(self) -> list[Route]:
        global_prefix = next((f.global_prefix for f in self.files.values() if f.global_prefix), "")
        out: dict[tuple[str, str, str, int], Route] = {}
        for f in self.files.values():
            for local in f.routes:
                key = self.resolve(f, local.router)
                if key is None:
                    continue
                decl = self.decl(key)
                for prefix in self.prefixes(key):
                    if decl.framework == "NestJS" and global_prefix:
                        prefix = join(global_prefix, prefix)
                    path = join(prefix, local.path)
                    out.setdefault(
                        (local.method, path, f.path, local.line),
                        Route(local.method, path, f.path, local.line, decl.framework),
                    )
        return list(out.values())

    def decl(self, key: Key) -> RouterDecl:
        return self.files[key[0]].routers[key[1]]

    def prefixes(self, key: Key, depth: int = 0) -> list[str]:
        """Every full prefix the router is served under (its own when nothing mounts it)."""
        cached = self._prefixes.get(key)
        if cached is not None:
            return cached
        own = self.decl(key).prefix
        parents = self.parents.get(key)
        if not parents or depth > MAX_DEPTH:
            return [own]
        found: list[str] = []
        for parent, mount in parents:
            if mount.prefix is None:
                part = own
            elif mount.replaces:
                part = mount.prefix
            else:
                part = join(mount.prefix, own)
            found.extend(join(p, part) for p in self.prefixes(parent, depth + 1))
        result = list(dict.fromkeys(found))
        if depth == 0:
            self._prefixes[key] = result
        return result

    # -- resolving names ---------------------------------------------------------------

    def resolve(self, f: FileFacts, ref: str, depth: int = 0) -> Key | None:
        """The router ``ref`` names in file ``f``, or None."""
        if depth > MAX_DEPTH:
            return None
        if ref.startswith("="):
            return self._target(f, ref[1:], depth)
        if ref in f.routers:
            return (f.path, ref)
        head, _, rest = ref.partition(".")
        imported = f.imports.get(head)
        if imported is None:
            return None
        if f.language == "python":
            return self._target(f, imported + ("." + rest if rest else ""), depth)
        return self._target(f, imported, depth) if not rest else None

    def _target(self, f: FileFacts, target: str, depth: int) -> Key | None:
        """A router named by an import target: ``pkg.mod.name`` or ``./mod#name``."""
        if f.language == "python":
            rest = target.lstrip(".")
            module_rest, _, name = rest.rpartition(".")
            module = "." * (len(target) - len(rest)) + module_rest
            for path in self._python_module(f.path, module) if module and name else ():
                found = self.resolve(self.files[path], name, depth + 1)
                if found is not None:
                    return found
            return None
        spec, _, name = target.partition("#")
        js_path = self._js_module(f.path, spec)
        if js_path is None:
            return None
        other = self.files[js_path]
        if name == "default":
            if other.default_export is not None:
                return self.resolve(other, other.default_export, depth + 1)
            if len(other.routers) == 1:
                return (js_path, next(iter(other.routers)))
            return None
        return self.resolve(other, name, depth + 1)

    def _python_module(self, importer: str, dotted: str) -> list[str]:
        dots = len(dotted) - len(dotted.lstrip("."))
        parts = [p for p in dotted[dots:].split(".") if p]
        if dots:
            base = posixpath.dirname(importer)
            for _ in range(dots - 1):
                base = posixpath.dirname(base)
            stem = posixpath.join(base, *parts) if parts else base
            wanted = [stem + ".py", posixpath.join(stem, "__init__.py")]
            return [w.lstrip("/") for w in wanted if w.lstrip("/") in self.files]
        if not parts:
            return []
        stem = "/".join(parts)
        suffixes = (stem + ".py", stem + "/__init__.py")
        found = [
            p
            for p in self._py_files
            if p in suffixes or p.endswith(tuple("/" + s for s in suffixes))
        ]
        return sorted(found, key=len)

    def _js_module(self, importer: str, spec: str) -> str | None:
        if not spec.startswith("."):
            return None
        base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
        for suffix in _JS_SUFFIXES:
            if base + suffix in self.files:
                return base + suffix
        return None


def join(prefix: str, path: str) -> str:
    """``/api`` + ``users/{id}`` -> ``/api/users/{id}`` (no doubled or missing slash)."""
    if not path:
        joined = prefix
    elif not prefix:
        joined = path
    else:
        joined = prefix.rstrip("/") + "/" + path.lstrip("/")
    return joined if joined.startswith("/") else "/" + joined


def resolve_routes(facts: Iterable[FileFacts]) -> list[Route]:
    return RouteGraph([f for f in facts if not f.empty]).routes()
