"""Spec drift (API9): routes the code serves that the OpenAPI document does not declare, and
declared operations that no route serves, for each supported framework.

Every project below is written by the test and analysed by the real scan (tree-sitter
parsers, the API module's loader); each has one documented route, one undocumented route
and one documented operation without a handler, with the prefixes spread the way the
framework spreads them (routers in other files, class-level mappings, global prefixes).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from stockade.jobs.execute import run_analysis
from stockade.jobs.sources import FilesSource, SourceLimits
from stockade.scan import ScanOptions, ScanResult, run_scan
from stockade.scan.drift import UNDOCUMENTED, WITHOUT_HANDLER, scope_of, segments

Tree = Callable[[Mapping[str, str | bytes]], Path]
API_ONLY = ScanOptions(modules=("api",), jobs=1)


def spec(*operations: tuple[str, str], server: str = "https://api.example.com") -> str:
    """A small OpenAPI 3 document in YAML declaring ``operations`` (method, path)."""
    lines = [
        "openapi: 3.0.3",
        "info: {title: shop, version: '1.0'}",
        f"servers: [{{url: '{server}'}}]",
        "paths:",
    ]
    by_path: dict[str, list[str]] = {}
    for method, path in operations:
        by_path.setdefault(path, []).append(method)
    for path, methods in by_path.items():
        lines.append(f"  '{path}':")
        for method in methods:
            lines += [f"    {method}:", "      responses: {'200': {description: ok}}"]
    return "\n".join(lines) + "\n"


def drift(result: ScanResult) -> tuple[set[tuple[str, str, str]], set[tuple[str, str]]]:
    """(method, path, file) of undocumented routes; (method, path) of handler-less ops."""
    undocumented = {
        (f.metadata["method"], f.metadata["path"], f.location.path)
        for f in result.findings
        if f.rule_id == UNDOCUMENTED
    }
    missing = {
        (f.metadata["method"], f.metadata["path"])
        for f in result.findings
        if f.rule_id == WITHOUT_HANDLER
    }
    return undocumented, missing


# -- one project per framework ----------------------------------------------------------

FASTAPI = {
    "app/main.py": """\
from fastapi import FastAPI
from app.routers import users

app = FastAPI()
app.include_router(users.router, prefix="/api")

@app.get("/health")
def health():
    return {"ok": True}
""",
    "app/routers/__init__.py": "",
    "app/routers/users.py": """\
from fastapi import APIRouter

router = APIRouter(prefix="/users")

@router.get("/{user_id}")
def read_user(user_id: int):
    return {}

@router.delete("/{user_id}")
def delete_user(user_id: int):
    return {}
""",
}
FLASK = {
    "shop/__init__.py": """\
from flask import Flask
from .views import bp

app = Flask(__name__)
app.register_blueprint(bp, url_prefix="/api/users")
""",
    "shop/views.py": """\
from flask import Blueprint

bp = Blueprint("users", __name__, url_prefix="/ignored")

@bp.route("/<int:user_id>")
def read_user(user_id):
    return {}

@bp.route("/<int:user_id>", methods=["DELETE"])
def delete_user(user_id):
    return {}
""",
}
EXPRESS = {
    "server.js": """\
const express = require('express');
const app = express();
app.use('/api/users', require('./routes/users'));
app.listen(3000);
""",
    "routes/users.js": """\
const express = require('express');
const router = express.Router();
router.get('/:userId', (req, res) => res.json({}));
router.delete('/:userId', (req, res) => res.sendStatus(204));
module.exports = router;
""",
}
SPRING = {
    "src/main/java/shop/UserController.java": """\
package shop;

import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/api/users")
public class UserController {
    @GetMapping("/{userId}")
    public User read(@PathVariable long userId) { return null; }

    @RequestMapping(value = "/{userId}", method = RequestMethod.DELETE)
    public void delete(@PathVariable long userId) { }
}
""",
}
DJANGO = {
    "shop/urls.py": """\
from django.urls import include, path

urlpatterns = [
    path("api/", include("users.urls")),
]
""",
    "users/urls.py": """\
from django.urls import path
from rest_framework.routers import DefaultRouter
from . import views

router = DefaultRouter()
router.register(r"accounts", views.AccountViewSet)

urlpatterns = [
    path("users/<int:user_id>/", views.UserDetail.as_view()),
    path("", include(router.urls)),
]
""",
}
NEST = {
    "src/main.ts": """\
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.setGlobalPrefix('api');
  await app.listen(3000);
}
bootstrap();
""",
    "src/users/users.controller.ts": """\
import { Controller, Delete, Get, Param } from '@nestjs/common';

@Controller('users')
export class UsersController {
  @Get(':userId')
  read(@Param('userId') userId: string) {
    return {};
  }

  @Delete(':userId')
  remove(@Param('userId') userId: string) {}
}
""",
}
# Every project serves GET /api/users/{userId} (documented) and DELETE on the same path
# (undocumented, except Django's ANY views); the document also lists GET /api/orders.
PROJECTS: dict[str, tuple[Mapping[str, str], str, str]] = {
    "fastapi": (FASTAPI, "app/routers/users.py", "/api/users/{user_id}"),
    "flask": (FLASK, "shop/views.py", "/api/users/<int:user_id>"),
    "express": (EXPRESS, "routes/users.js", "/api/users/:userId"),
    "spring": (SPRING, "src/main/java/shop/UserController.java", "/api/users/{userId}"),
    "nest": (NEST, "src/users/users.controller.ts", "/api/users/:userId"),
}
DOCUMENTED = spec(("get", "/api/users/{userId}"), ("get", "/api/orders"))


@pytest.mark.parametrize("framework", sorted(PROJECTS))
def test_one_documented_one_undocumented_one_without_handler(
    framework: str, write_tree: Tree
) -> None:
    files, route_file, code_path = PROJECTS[framework]
    root = write_tree({**files, "openapi.yaml": DOCUMENTED})
    result = run_scan(root, API_ONLY)
    undocumented, missing = drift(result)
    assert undocumented == {("DELETE", code_path, route_file)}
    assert missing == {("GET", "/api/orders")}
    finding = next(f for f in result.findings if f.rule_id == UNDOCUMENTED)
    assert finding.owasp == ("API9:2023",) and finding.confidence.value == "medium"
    assert f"DELETE {code_path}" in finding.message and route_file in finding.message
    assert "openapi.yaml" in finding.message and finding.location.snippet
    api = next(m for m in result.modules if m.name == "api")
    assert {UNDOCUMENTED, WITHOUT_HANDLER} <= {r.id for r in api.rules}


def test_django_rest_urlconf_include_and_router(write_tree: Tree) -> None:
    document = spec(
        ("get", "/api/users/{userId}"),
        ("put", "/api/users/{userId}"),
        ("get", "/api/accounts/{id}"),
        ("get", "/api/orders"),
    )
    root = write_tree({**DJANGO, "users/__init__.py": "", "openapi.yaml": document})
    undocumented, missing = drift(run_scan(root, API_ONLY))
    # a Django view answers any method; the router's list route is the undocumented one
    assert undocumented == {("ANY", "/api/accounts", "users/urls.py")}
    assert missing == {("GET", "/api/orders")}


@pytest.mark.parametrize("framework", sorted(PROJECTS))
def test_all_routes_documented_gives_no_drift(framework: str, write_tree: Tree) -> None:
    files, _, _ = PROJECTS[framework]
    # FastAPI's GET /health is not documented: health checks are the platform's, not clients'
    document = spec(("get", "/api/users/{id}"), ("delete", "/api/users/{id}"))
    root = write_tree({**files, "docs/openapi.yaml": document})
    assert drift(run_scan(root, API_ONLY)) == (set(), set())


@pytest.mark.parametrize("framework", sorted(PROJECTS))
def test_document_of_another_service_gives_no_drift(framework: str, write_tree: Tree) -> None:
    files, _, _ = PROJECTS[framework]
    other = spec(("get", "/v2/payments/{id}"), ("post", "/v2/refunds"), ("get", "/health"))
    root = write_tree({**files, "openapi.yaml": other})
    result = run_scan(root, API_ONLY)
    assert drift(result) == (set(), set())
    assert any(f.module == "api" for f in result.findings), "the spec itself is still audited"


def test_server_base_path_precedes_the_documented_paths(write_tree: Tree) -> None:
    document = spec(
        ("get", "/users/{id}"), ("get", "/orders"), server="https://api.example.com/api"
    )
    root = write_tree({**EXPRESS, "openapi.yaml": document})
    undocumented, missing = drift(run_scan(root, API_ONLY))
    assert undocumented == {("DELETE", "/api/users/:userId", "routes/users.js")}
    assert missing == {("GET", "/orders")}


def test_swagger_2_base_path(write_tree: Tree) -> None:
    document = json.dumps(
        {
            "swagger": "2.0",
            "info": {"title": "shop", "version": "1"},
            "host": "api.example.com",
            "basePath": "/api",
            "paths": {
                "/users/{id}": {
                    "get": {"responses": {"200": {"description": "ok"}}},
                    "delete": {"responses": {"204": {"description": "gone"}}},
                }
            },
        }
    )
    root = write_tree({**SPRING, "swagger.json": document})
    assert drift(run_scan(root, API_ONLY)) == (set(), set())


def test_prefix_computed_at_run_time_matches_any_base(write_tree: Tree) -> None:
    main = FASTAPI["app/main.py"].replace('prefix="/api"', "prefix=settings.API_PREFIX")
    root = write_tree({**FASTAPI, "app/main.py": main, "openapi.yaml": DOCUMENTED})
    undocumented, missing = drift(run_scan(root, API_ONLY))
    assert {(m, f) for m, _, f in undocumented} == {("DELETE", "app/routers/users.py")}
    assert missing == {("GET", "/api/orders")}


def test_esm_imports_and_computed_spring_prefixes(write_tree: Tree) -> None:
    files = {
        "src/app.mjs": """\
import express from 'express';
import users from './users.mjs';
const app = express();
app.use('/api/users', users);
""",
        "src/users.mjs": """\
const router = require('express').Router();
router.get('/:id', (req, res) => res.json({}));
router.post('/', (req, res) => res.json({}));
export default router;
""",
        "api/src/main/java/shop/Orders.java": """\
@RestController
@RequestMapping(Paths.ORDERS)
public class Orders {
    @GetMapping("/{id}")
    public Order read(@PathVariable long id) { return null; }
    @PostMapping(Paths.CANCEL)
    public void cancel() { }
}
""",
    }
    document = spec(("get", "/api/users/{id}"), ("get", "/api/orders/{orderId}"))
    root = write_tree({**files, "openapi.yaml": document})
    undocumented, missing = drift(run_scan(root, API_ONLY))
    # the computed prefix matches by suffix; the computed method path is not compared
    assert undocumented == {("POST", "/api/users/", "src/users.mjs")}
    assert missing == set()


def test_spec_scope_keeps_other_services_code_out(write_tree: Tree) -> None:
    """A monorepo: the users service has a document, the billing service has none."""
    billing = {f"billing/{k}": v.replace("/users", "/invoices") for k, v in EXPRESS.items()}
    users = {f"users/{k}": v for k, v in EXPRESS.items()}
    document = spec(("get", "/api/users/{id}"), ("delete", "/api/users/{id}"))
    root = write_tree({**billing, **users, "users/docs/openapi.yaml": document})
    assert drift(run_scan(root, API_ONLY)) == (set(), set())
    assert scope_of("users/docs/openapi.yaml") == "users"
    assert scope_of("src/main/resources/static/openapi.yaml") == ""


def test_inline_suppression_and_disable(write_tree: Tree) -> None:
    users = EXPRESS["routes/users.js"].replace(
        "router.delete('/:userId', (req, res) => res.sendStatus(204));",
        "router.delete('/:userId', h); // stockade:ignore[api.undocumented-route]",
    )
    root = write_tree({**EXPRESS, "routes/users.js": users, "openapi.yaml": DOCUMENTED})
    result = run_scan(root, API_ONLY)
    assert drift(result) == (set(), {("GET", "/api/orders")})
    assert result.suppressed >= 1
    config = '[api]\ndisable = ["api.operation-without-handler"]\n'
    root = write_tree({".stockade.toml": config})
    assert drift(run_scan(root, API_ONLY)) == (set(), set())


def test_parameter_spellings_normalise_alike() -> None:
    spellings = [
        "/users/{id}",
        "/users/:id",
        "/users/<int:id>/",
        "users/<id>",
        "/users/{id:[0-9]+}",
        "^users/(?P<pk>[0-9]+)/$",
        "/users/:id(\\d+)",
        "//users//{user_id}/",
    ]
    assert {segments(s) for s in spellings} == {("users", "{}")}
    assert segments("/flights/:from-:to") == ("flights", "{}-{}")
    assert segments("/users:batch") != segments("/users/{id}")


def test_lookalike_calls_are_not_routes(write_tree: Tree) -> None:
    """A cache's ``get``, a Feign client's mappings and an unrelated decorator serve nothing."""
    files = {
        **EXPRESS,
        "lib/cache.js": "const cache = new Map();\ncache.get('/api/secret', 1);\n",
        "src/main/java/shop/Client.java": """\
@FeignClient(name = "users")
public interface UsersClient {
    @GetMapping("/api/admin/{id}")
    User fetch(@PathVariable long id);
}
""",
        "tasks.py": "import celery  # not flask\napp = celery.Celery()\n\n"
        "@app.get('/api/hidden')\ndef t(): pass\n",
        "openapi.yaml": spec(("get", "/api/users/{id}"), ("delete", "/api/users/{id}")),
    }
    root = write_tree(files)
    assert drift(run_scan(root, API_ONLY)) == (set(), set())


def test_a_job_with_code_and_spec_reports_drift() -> None:
    """The jobs' analysis (the runner's child calls it) goes through the same scan."""
    files = tuple({**NEST, "openapi.yaml": DOCUMENTED}.items())
    outcome = run_analysis(FilesSource(files), ["api", "sast"], SourceLimits(), jobs=1)
    assert outcome.result is not None, outcome.error
    undocumented, missing = drift(outcome.result)
    assert undocumented == {("DELETE", "/api/users/:userId", "src/users/users.controller.ts")}
    assert missing == {("GET", "/api/orders")}
    api = next(m for m in outcome.modules if m.module == "api")
    assert api.status == "completed" and api.findings_count >= 2


def test_cli_reports_drift_end_to_end(tmp_path: Path) -> None:
    for rel, body in {**FLASK, "openapi.yaml": DOCUMENTED}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(body)
    exe = Path(sys.executable).with_name("stockade")
    out = subprocess.run(
        [str(exe), "analyze", ".", "--format", "json", "--skip-secrets", "--jobs", "1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=False,
    )
    assert out.returncode == 1, out.stderr
    report = json.loads(out.stdout)
    rules = {(f["rule_id"], f["file"]) for f in report["findings"]}
    assert (UNDOCUMENTED, "shop/views.py") in rules
    assert (WITHOUT_HANDLER, "openapi.yaml") in rules
