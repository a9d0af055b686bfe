"""Findings explain themselves: which property, why it looks server-owned, personal or a URL,
and which response or request exposes it — so a reviewer can judge without the source.

Also the building blocks of that reasoning: resources (create request vs read response),
server URL expansion, and the meaning classifiers on names, formats, descriptions, examples.
"""

from __future__ import annotations

import pytest

from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer
from stockade.analyzers.apispec.checks import semantics
from stockade.analyzers.apispec.checks.resources import resource_key
from stockade.analyzers.apispec.model import expand_server

HEAD = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\nsecurity: [{b: []}]\n'
SCHEMES = "components:\n  securitySchemes:\n    b: {type: http, scheme: bearer}\n"

VIDEOS = (
    HEAD
    + """paths:
  /videos:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema: {type: object, properties: {file: {type: string, format: binary}}}
      responses: {"201": {description: ok}}
  /videos/{videoId}:
    parameters: [{name: videoId, in: path, required: true, schema: {type: string, format: uuid}}]
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  name: {type: string}
                  render_flags: {type: string, description: Flags the encoder is started with}
        "403": {description: not yours}
    put:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string, maxLength: 30}
                render_flags: {type: string, maxLength: 30}
      responses: {"204": {description: ok}, "403": {description: not yours}}
"""
    + SCHEMES
)


def _messages(analyze_files, text: str, rule: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    findings, issues = analyze_files(ApiSpecAnalyzer(), {"openapi.yaml": text})
    assert issues == []
    return {f.metadata["pointer"]: f.message for f in findings if f.rule_id == rule}


def test_mass_assignment_message_names_the_relation(analyze_files) -> None:  # type: ignore[no-untyped-def]
    found = _messages(analyze_files, VIDEOS, "api.mass-assignment")
    [(pointer, message)] = found.items()
    assert pointer.endswith(
        "/put/requestBody/content/application~1json/schema/properties/render_flags"
    )
    assert "GET /videos/{videoId} returns it" in message
    assert "create request POST /videos does not take it" in message
    assert "described as 'encoder'" in message


def test_client_editable_field_absent_from_create_is_not_mass_assignment(analyze_files) -> None:  # type: ignore[no-untyped-def]
    """``name`` is also absent from the (file-only) create request, but nothing says the server
    owns it: the relation alone is not enough."""
    found = _messages(analyze_files, VIDEOS, "api.mass-assignment")
    assert not [p for p in found if p.endswith("/properties/name")]


def test_internal_exposure_message_names_response_and_reason(analyze_files) -> None:  # type: ignore[no-untyped-def]
    found = _messages(analyze_files, VIDEOS, "api.sensitive-data-in-response")
    [message] = [m for p, m in found.items() if p.endswith("/render_flags")]
    assert message.startswith("response of GET /videos/{videoId} exposes 'render_flags'")
    assert "server-side processing data" in message


PEOPLE = (
    HEAD
    + """paths:
  /rides:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: array
                maxItems: 10
                items:
                  type: object
                  properties:
                    driver:
                      type: object
                      properties:
                        alias: {type: string}
                        reach_me: {type: string, example: "+44 20 7946 0958"}
"""
    + SCHEMES
)


def test_personal_data_message_says_whose_and_where(analyze_files) -> None:  # type: ignore[no-untyped-def]
    found = _messages(analyze_files, PEOPLE, "api.sensitive-data-in-response")
    [(pointer, message)] = found.items()
    assert pointer.endswith("/properties/driver/properties/reach_me")
    assert "its example is a phone number" in message
    assert "in every 'driver' record" in message
    assert "people other than the caller" in message


def test_own_path_is_not_other_peoples_data(analyze_files) -> None:  # type: ignore[no-untyped-def]
    own = PEOPLE.replace("/rides:", "/me/rides:")
    assert _messages(analyze_files, own, "api.sensitive-data-in-response") == {}


def test_ssrf_message_names_the_evidence(analyze_files) -> None:  # type: ignore[no-untyped-def]
    spec = (
        HEAD
        + """paths:
  /hooks:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {notify: {type: string, maxLength: 200}}}
            example: {notify: "https://hooks.example.org/x"}
      responses: {"201": {description: ok}}
"""
        + SCHEMES
    )
    [message] = _messages(analyze_files, spec, "api.url-body-property").values()
    assert "'notify'" in message and "https://hooks.example.org/x" in message


def test_token_response_with_no_store_is_fine_and_without_is_reported(analyze_files) -> None:  # type: ignore[no-untyped-def]
    spec = (
        HEAD
        + """paths:
  /sessions:
    post:
      responses:
        "201":
          description: ok
          HEADERS
          content:
            application/json:
              schema: {type: object, properties: {session_token: {type: string}}}
"""
        + SCHEMES
    )
    bare = spec.replace("          HEADERS\n", "")
    [message] = _messages(analyze_files, bare, "api.token-response-cacheable").values()
    assert "carries session_token" in message and "no-store" in message
    guarded = spec.replace(
        "HEADERS", "headers: {Cache-Control: {schema: {type: string, const: no-store}}}"
    )
    assert _messages(analyze_files, guarded, "api.token-response-cacheable") == {}


def test_bola_in_query_needs_a_secured_operation(analyze_files) -> None:  # type: ignore[no-untyped-def]
    spec = (
        HEAD
        + """paths:
  /statements:
    get:
      parameters: [{name: statement_id, in: query, required: true, schema: {type: string}}]
      responses: {"200": {description: ok}}
"""
        + SCHEMES
    )
    [message] = _messages(analyze_files, spec, "api.object-id-no-authz").values()
    assert "query parameter; it is required, so it picks the object" in message
    public = spec.replace("    get:\n", "    get:\n      security: []\n")
    assert _messages(analyze_files, public, "api.object-id-no-authz") == {}


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/orders", "/orders"),
        ("/orders/{orderId}", "/orders"),
        ("/users/{id}/orders/{orderId}", "/users/{}/orders"),
        ("/orders/{orderId}/return", "/orders/{}/return"),
    ],
)
def test_resource_key_joins_item_and_collection(path: str, key: str) -> None:
    assert resource_key(path) == key


def test_server_variables_expand_to_every_allowed_value() -> None:
    server = {
        "url": "{scheme}://{host}/v1",
        "variables": {
            "scheme": {"default": "https", "enum": ["https", "http"]},
            "host": {"default": "a.example"},
        },
    }
    assert expand_server(server) == ["https://a.example/v1", "http://a.example/v1"]
    assert expand_server({"url": "https://{x}.example", "variables": {}}) == ["https://{x}.example"]


@pytest.mark.parametrize(
    ("name", "schema", "expected"),
    [
        ("contact", {"type": "string", "format": "email"}, "format email"),
        ("handset", {"type": "string", "description": "Device id of the phone"}, "described as"),
        ("mobile", {"type": "string", "example": "+1 415 555 0100"}, "phone number"),
        ("prefix", {"type": "string", "example": "20.80.208.150"}, ""),
        ("email_verified", {"type": "boolean"}, ""),
        ("email", {"type": "string", "writeOnly": True}, ""),
    ],
)
def test_personal_data_classifier(name: str, schema: dict[str, object], expected: str) -> None:
    got = semantics.personal_data(name, schema)
    assert (expected in got and got != "") if expected else got == ""


@pytest.mark.parametrize(
    ("schema", "credential"),
    [
        ({"type": "string", "description": "bcrypt hash of the password"}, True),
        ({"type": "string", "format": "password"}, True),
        (
            {"type": "string", "description": "The level of permission to grant the access token"},
            False,
        ),
        ({"type": "string", "enum": ["read", "write"], "description": "Access token scope"}, False),
    ],
)
def test_credential_description_must_say_the_value_is_one(
    schema: dict[str, object], credential: bool
) -> None:
    assert bool(semantics.credential_described(schema, "x")) is credential


@pytest.mark.parametrize(
    ("name", "schema", "privileged"),
    [
        ("is_moderator", {"type": "boolean"}, True),
        ("membership_level", {"type": "string", "enum": ["free", "gold"]}, True),
        ("log_level", {"type": "string", "enum": ["debug", "info"]}, False),
        ("notify_by_email", {"type": "boolean"}, False),
        ("root", {"type": "string"}, False),
    ],
)
def test_privilege_classifier(name: str, schema: dict[str, object], privileged: bool) -> None:
    assert bool(semantics.privilege(name, schema)) is privileged


def test_schema_seen_first_on_own_path_is_still_judged_on_others(analyze_files) -> None:  # type: ignore[no-untyped-def]
    """The same component under /me (the caller's own) and under a public listing."""
    spec = (
        HEAD
        + """paths:
  /me/friends:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, maxItems: 9, items: {$ref: "#/components/schemas/Person"}}
  /posts:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties: {author: {$ref: "#/components/schemas/Person"}}
"""
        + SCHEMES
        + """  schemas:
    Person:
      type: object
      properties: {name: {type: string}, email: {type: string, format: email}}
"""
    )
    found = _messages(analyze_files, spec, "api.sensitive-data-in-response")
    assert list(found) == ["/components/schemas/Person/properties/email"]
    assert "GET /posts" in found["/components/schemas/Person/properties/email"]
