"""What route extraction finds: routes as the code declares them, and the facts about one file
(routers, the routes declared on them, where routers are mounted, what the file imports)
that :mod:`stockade.scan.routes.graph` needs to join prefixes across files."""

from __future__ import annotations

from dataclasses import dataclass, field

ANY = "ANY"  # the code serves every method on the path (Django views, ``app.all``)
UNKNOWN_PREFIX = "{*}"  # a prefix the code computes at run time (settings, environment)


@dataclass(frozen=True, slots=True)
class Route:
    """One route served by the code: upper-case method (or ``ANY``), the full path with every
    known prefix joined (parameters as written), and where it is declared."""

    method: str
    path: str
    file: str
    line: int
    framework: str


@dataclass(frozen=True, slots=True)
class RouterDecl:
    """Something routes are declared on (an app, router, blueprint, controller, urlconf):
    its own path prefix and the framework it belongs to."""

    prefix: str
    framework: str


@dataclass(frozen=True, slots=True)
class LocalRoute:
    """A route declared on a router of this file (``router`` is a name or a dotted
    reference to another file's router, resolved through the file's imports)."""

    router: str
    method: str
    path: str
    line: int


@dataclass(frozen=True, slots=True)
class Mount:
    """``parent`` serves ``child`` under ``prefix``. ``child`` is a local name or dotted
    reference resolved through the file's imports, or ``=`` followed by an import target
    (an inline ``require('./users')`` or Django's ``include('shop.urls')``).

    ``prefix`` None: the child's own prefix applies. ``replaces``: a given prefix replaces
    the child's own (Flask's ``register_blueprint(url_prefix=...)``) instead of preceding it.
    """

    parent: str
    child: str
    prefix: str | None
    replaces: bool = False


@dataclass
class FileFacts:
    path: str
    language: str  # "python" or "javascript": how references name other files
    routers: dict[str, RouterDecl] = field(default_factory=dict)
    routes: list[LocalRoute] = field(default_factory=list)
    mounts: list[Mount] = field(default_factory=list)
    # local name -> what it refers to: a dotted module path (Python, ``a.b.name``) or
    # ``<module specifier>#<exported name>`` (JavaScript, ``./routes/users#default``)
    imports: dict[str, str] = field(default_factory=dict)
    default_export: str | None = None
    global_prefix: str | None = None  # NestJS ``app.setGlobalPrefix('api')``

    @property
    def empty(self) -> bool:
        return not (
            self.routers or self.routes or self.mounts or self.imports or self.global_prefix
        )
