"""Issue #21's mechanisms, one by one: assignment grammar, provider proximity, offline format
checks, anti-forgery tokens, coordinates and browser keys published on purpose."""

from __future__ import annotations

import pytest

from analyzers.secrets.helpers import fake, findings, github_token, rule_ids
from stockade.analyzers.secrets import formats, proximity
from stockade.analyzers.secrets.redaction import SecretRedactor
from stockade.analyzers.secrets.ruleset import load_rules

SECRET = fake(32, "accuracy")
HEX40 = fake(40, "hex40", "0123456789abcdef")


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("main.go", f'var apiToken string = "{SECRET}"\n'),
        ("Makefile", f'API_TOKEN :::= "{SECRET}"\n'),
        ("Makefile", f'API_TOKEN != echo "{SECRET}"\n'),
        ("a.php", f'<?php\n$apiToken .= "{SECRET}";\n'),
        ("a.xml", f"<c>\n  <apiToken>\n    {SECRET}\n  </apiToken>\n</c>\n"),
        ("a.rs", f'static API_TOKEN: &\'static str = "{SECRET}";\n'),
        ("a.vb", f'Dim apiToken As String = "{SECRET}"\n'),
        ("a.yaml", f"api_token: >-\n  {SECRET}\n"),
        ("main.tf", f"api_token = <<EOT\n{SECRET}\nEOT\n"),
        ("seed.sql", f"INSERT INTO s (api_token) VALUES ('{SECRET}');\n"),
    ],
)
def test_assignment_forms_are_read(path: str, text: str) -> None:
    assert [f.rule_id for f in findings(text, path)] == ["generic-secret"]


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("main.go", 'var apiToken string = os.Getenv("API_TOKEN")\n'),
        ("Makefile", "API_TOKEN ?= $(shell cat .token)\n"),
        ("a.php", "<?php\n$apiToken .= $suffix;\n"),
        ("a.xml", "<c>\n  <apiToken>\n    ${API_TOKEN}\n  </apiToken>\n</c>\n"),
        ("a.rs", "let api_token: &str = &config.api_token;\n"),
        ("a.yaml", "api_token: |\n  {{ .Values.apiToken }}\n"),
        ("a.js", "const apiToken = process.env.API_TOKEN || defaultToken;\n"),
    ],
)
def test_assignment_forms_without_a_literal_are_not(path: str, text: str) -> None:
    assert rule_ids(text, path) == []


def test_a_provider_name_beside_a_uuid_or_digest_keeps_it() -> None:
    uuid = "3f0c2d7e-9b1a-4c5d-8e6f-1a2b3c4d5e6f"
    assert rule_ids(f'SUMOLOGIC_TOKEN = "{uuid}"\n', "a.py") == ["generic-secret"]
    assert rule_ids(f'NEW_RELIC_API_KEY = "{HEX40}"\n', "a.py") == ["generic-secret"]
    assert rule_ids(f"sonar:\n  token: {HEX40}\n", "a.yaml") == ["sonar-token"]
    assert rule_ids(f"dropbox:\n  token: {HEX40}\n", "a.yaml") == ["generic-secret"]
    # without a provider the same shapes are identifiers and digests
    assert rule_ids(f'BUILD_TOKEN = "{uuid}"\n', "a.py") == []
    assert rule_ids(f'request_key = "{HEX40}"\n', "a.py") in ([], ["generic-secret"])
    assert rule_ids(f'SNYK_ORG_ID = "{uuid}"\n', "a.py") == []
    # a stand-in stays a stand-in whatever the name
    assert rule_ids('SNYK_TOKEN = "00000000-0000-0000-0000-000000000000"\n', "a.py") == []


def test_provider_names_come_from_the_catalog() -> None:
    assert proximity.provider_near("sendbird_api_token", "") == "sendbird"
    assert proximity.provider_near("token", "[jfrog]\n") == "jfrog"
    assert proximity.provider_near("token", "unrelated = 1\n") is None
    assert proximity.provider_near("segment_token", "") is None  # too common a word


def test_github_checksum() -> None:
    good = github_token("crc")
    bad = good[:-1] + ("A" if good[-1] != "A" else "B")
    assert formats.format_ok("github-pat", good) and not formats.format_ok("github-pat", bad)
    assert rule_ids(f'TOKEN = "{good}"\n') == ["github-pat"]
    assert rule_ids(f'TOKEN = "{bad}"\n') == []
    assert findings(f'TOKEN = "{good}"\n')[0].metadata["format_verified"] is True


def test_a_token_failing_its_checksum_is_still_redacted() -> None:
    bad = github_token("redact")[:-1] + "0"
    bad = bad if not formats.format_ok("github-pat", bad) else bad[:-1] + "1"
    out = SecretRedactor().redact_text(f"run('{bad}')", "a.py")
    assert bad not in out and "ghp_" in out


def test_prefix_without_the_format_is_not_a_generic_secret() -> None:
    assert formats.claims_format_falsely("ghp_" + fake(30, "short"))
    assert formats.claims_format_falsely("glpat-" + fake(12, "gl"))
    assert not formats.claims_format_falsely(fake(40, "plain"))
    assert rule_ids(f'TOKEN = "ghp_{fake(30, "short")}"\n') == []


def test_pypi_macaroon_payload() -> None:
    from stockade.analyzers.secrets.examples import expand

    good = expand("pypi-AgEIcHlwaS5vcmcC{b:119}", "pypi")
    assert formats.format_ok("pypi-token", good)
    assert not formats.format_ok("pypi-token", "pypi-AgEIcHlwaS5vcmc" + fake(61, "pp"))


@pytest.mark.parametrize(
    "text",
    [
        '<input type="hidden" name="authenticity_token" value="{v}" />\n',
        '<input type="hidden" name="csrfmiddlewaretoken" value="{v}">\n',
        '<input type="hidden" name="_token" value="{v}">\n',
        '{{"xsrfToken": "{v}"}}\n',
    ],
)
def test_anti_forgery_tokens_are_not_credentials(text: str) -> None:
    assert rule_ids(text.format(v=SECRET), "form.html") == []
    # the same value under a credential name is reported
    assert rule_ids(f'<input type="hidden" name="api_token" value="{SECRET}">\n', "f.html")


def test_coordinates_and_versions_are_not_secrets() -> None:
    assert rule_ids("token_version: 2.15.2-beta.1+build.5f3a\n", "a.yaml") == []
    assert rule_ids("<token.lib>com.auth0:java-jwt:4.4.0</token.lib>\n", "pom.xml") == []
    assert rule_ids('secret_dep: "@google-cloud/secret-manager@5.0.1"\n', "a.yaml") == []


def test_browser_keys_the_code_says_are_public() -> None:
    key = "AIza" + fake(35, "browser")
    config = f'const firebaseConfig = {{\n  apiKey: "{key}",\n}};\n'
    assert rule_ids(config, "a.js") == []
    assert (
        rule_ids(
            f'<script src="https://maps.googleapis.com/maps/api/js?key={key}"></script>', "i.html"
        )
        == []
    )
    # nothing says so: reported
    assert rule_ids(f'GOOGLE_KEY = "{key}"\n', "a.py") == ["gcp-api-key"]
    # a comment cannot make a secret key public
    stripe = "sk_" + "live_" + fake(24, "stripe")
    assert rule_ids(f'// public key, safe to expose\nconst k = "{stripe}";\n', "a.js") == [
        "stripe-secret-key"
    ]


def test_every_builtin_rule_compiles_with_its_secret_group() -> None:
    for rule in load_rules():
        assert rule.compiled.groups >= rule.secret_group, rule.id


def test_lists_and_unions_of_string_literals_are_not_assignments() -> None:
    names = f'{{"names": ["a", "NGH_DATA_KEY", "{SECRET}", "b"]}}\n'
    assert rule_ids(names, "core.mjs.map") == []
    union = f'export type T = "TR31_K0_KEY"|"{SECRET}";\n'
    assert rule_ids(union, "a.d.ts") == []
    assert rule_ids(f"('User:Pass', '{SECRET}')\n", "a.py") == []
    # a call's key and value, and a [key, value] pair, are assignments
    assert rule_ids(f'os.environ.setdefault("API_TOKEN", "{SECRET}")\n', "a.py")
    assert rule_ids(f'h = ["X-Api-Token", "{SECRET}"]\n', "a.py")


def test_symbols_escapes_and_pagination_tokens_are_not_secrets() -> None:
    assert rule_ids('MODULE_REFERENCE_TOKEN = "__WEBPACK_MODULE_REFERENCE__"\n', "a.js") == []
    assert rule_ids("self.assertEqual(passValue('string\\U0001f4bb'), 'x')\n", "t.py") == []
    assert rule_ids(f'{{"NextContinuationToken": "{SECRET}"}}\n', "a.json") == []
    assert rule_ids(f'next_page_token = "{SECRET}"\n', "a.py") == []


def test_a_sentry_dsn_key_is_public() -> None:
    key = fake(32, "sentry", "0123456789abcdef")
    url = f"const u = 'https://o1.ingest.sentry.io/api/4/envelope/?sentry_key={key}&v=7';\n"
    assert rule_ids(url, "a.js") == []
    assert rule_ids(f'SENTRY_AUTH_TOKEN = "{fake(64, "sat", "0123456789abcdef")}"\n', "a.py")


def test_documentation_example_files_are_low_confidence() -> None:
    text = f'{{"ClientSecret": "{SECRET}"}}\n'
    assert findings(text, "apis/s3.examples.json")[0].confidence.value == "low"
    assert findings(text, "config/app.json")[0].confidence.value == "medium"


def test_netrc_parser_test_strings_are_not_passwords() -> None:
    assert rule_ids('machine h login me password \\"pass account x\n', ".netrc") == []
    assert rule_ids(f'machine h login me password "{SECRET}"\n', ".netrc") == ["netrc-password"]
