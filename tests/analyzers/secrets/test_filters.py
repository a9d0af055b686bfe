"""Value and name filters: each decision on the kind of text it exists for, both ways.

Random tokens are generated here (never literals), so the "is a secret" side cannot pass by
matching a fixed string.
"""

from __future__ import annotations

import random

import pytest

from analyzers.secrets.helpers import ALNUM, fake, rule_ids
from stockade.analyzers.secrets import filters, generic
from stockade.core.severity import Confidence


def _tokens(n: int, length: int, alphabet: str = ALNUM) -> list[str]:
    rng = random.Random(f"tokens{length}{alphabet[:3]}")
    return ["".join(rng.choice(alphabet) for _ in range(length)) for _ in range(n)]


@pytest.mark.parametrize(
    "value",
    [
        "GetClientAimTarget",
        "my-app-secret-name",
        "StrongPasswordRequired",
        "XMLHttpRequestHandler",
        "keyPassphrase",
        "auth.login.title",
    ],
)
def test_words_read_as_words(value: str) -> None:
    assert filters.is_wordy(value)


def test_random_mixed_case_letters_are_not_words() -> None:
    tokens = _tokens(500, 24, ALNUM[:52])
    wordy = sum(filters.is_wordy(t) for t in tokens)
    # Letters alone cannot always tell; measured 5-8 %. Tokens with digits are judged apart.
    assert wordy <= 50, wordy


@pytest.mark.parametrize(
    "value",
    [
        "V1LocalObjectReference",
        "oauth2ClientSecret",
        "gss_krb5_lucid_key",
        "SAS_POLICY_NAME",
        "_private_key_pkcs12",
    ],
)
def test_symbol_names_are_identifiers(value: str) -> None:
    assert filters.is_identifier_name(value)


def test_tokens_are_not_identifier_names() -> None:
    for token in _tokens(300, 32) + ["cu_" + t for t in _tokens(50, 32, "0123456789abcdef")]:
        assert not filters.is_identifier_name(token), token


@pytest.mark.parametrize(
    "value",
    [
        "com.google.auth:google-auth-library-credentials:1.19",
        "createdAt#2024-05-06",
        "my-updated-value1",
        "oauth2client:secrets#ns",
    ],
)
def test_structured_text_is_composed_of_words(value: str) -> None:
    assert filters.is_composed_of_words(value)


def test_passwords_with_symbols_are_not_composed_of_words() -> None:
    rng = random.Random("pw")
    for _ in range(300):
        pw = "".join(rng.choice(ALNUM + "!#%&*+-=?@^_~") for _ in range(14))
        if sum(not c.isalnum() for c in pw) >= 2:
            assert not filters.is_composed_of_words(pw), pw


@pytest.mark.parametrize(
    ("value", "expected"),
    [("P@ssw0rd", True), ("Passw0rd!", True), ("admin123", True), ("hunter2", True)]
    + [(t + "!7", False) for t in _tokens(20, 12)],
)
def test_common_passwords(value: str, expected: bool) -> None:
    assert filters.is_common_password(value) is expected


@pytest.mark.parametrize(
    "value",
    [
        "^(?=.*[A-Z])(?=.*\\d).{12,}$",
        ":secret:[a-zA-Z0-9!/_+=.@-]{1,512}",
    ],
)
def test_validation_patterns(value: str) -> None:
    assert filters.is_regex_like(value)


def test_documented_examples_are_matched_exactly() -> None:
    aws = "AKIA" + "IOSFODNN7" + "EXAMPLE"
    assert filters.is_documented_example(aws)
    assert not filters.is_documented_example(aws[:-1] + "F")


def test_repeated_chunk_marks_hand_made_values() -> None:
    assert filters.has_repeated_chunk("JBSWY3DP" + "EHPK3PXP" + "JBSWY3DP")
    assert not any(filters.has_repeated_chunk(t) for t in _tokens(200, 40))


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("DB_PASSWORD", "password"),
        ("adminPass", "password"),
        ("client_secret", "secret"),
        ("cohere_key", "secret"),
        ("X-Api-Key", "secret"),
        ("primary_key", None),
        ("cache_key", None),
        ("password_hash", None),
        ("token.startswith", None),
        ("semanal_pass1.py", None),
        ("VSJYACPq4xJDKVtHCN2MQWplBqjlIapBtJUhlbl90TSrE9atKEY", None),
    ],
)
def test_judge_name(name: str, kind: str | None) -> None:
    assert generic.judge_name(name) == kind


def test_uuid_is_an_id_under_a_key_name_but_a_credential_as_a_password() -> None:
    uuid = "3f1c2a9e-7b4d-4e21-9a6f-0c8d5e2b1a7f"
    assert generic.judge_value(uuid, "secret", True) is None
    assert generic.judge_value(uuid, "password", True) is Confidence.LOW
    assert generic.judge_header_value(uuid) is Confidence.MEDIUM


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("x = password.translate(_trans_36)\n", "lib/hashlib.py"),
        ("RegOpenKeyEx = win32api.RegOpenKeyEx\n", "lib/msvc.py"),
        ('label("Password:"),$?createElement("code",null," ****** ")\n', "static/app.js"),
        ("NAMES = ['GetAdminPassword', 'GetClientAimTarget']\n", "lib/names.py"),
        ("Pass `--full-trace` to see all frames.\n", "docs/usage.md"),
        ("Password Util does not ask\n\njetty-11.0.15 - 11 April 2023\n", "VERSION.txt"),
        (
            "argon2/_password_hasher.py,sha256=pJgSap4C2ey74IUDifbbR_Eeq-GeXvl3nRZc1Qz,8839\n",
            "RECORD",
        ),
        ("AWS_IMDSV2_SESSION_TOKEN = 'awsimdsv2sessiontoken'\n", "src/aws.py"),
        ("_FLOW_KEY = 'google_oauth2_flow_{0}'\n", "src/flow.py"),
        ("update --labels=my-key1=my-updated-value1\n", "docs/cli.yaml"),
        ("GET /v1/items?token_issued=2024-05-06T10%3A20%3A30Z&format=json\n", "docs/api.md"),
        ("url = 'postgresql+psycopg2://scott:tiger@localhost/test'\n", "docs/db.py"),
        ("f'machine {host} login {self.username} password {self.password}'\n", "lib/netrc.py"),
        ("grep -q '^Proxy-authorization: Basic dXNlcjpzM2NyM3QK$' out\n", "tests.sh"),
        ('CMD="$SOCAT -u SOCKET-RECV:2:$SOCK_DGRAM:17:$ts0,reuseaddr"\n', "run.sh"),
        ("machine pypi.org login me password qwerty\n", "docs/.netrc"),
    ],
)
def test_real_world_look_alikes_are_not_reported(text: str, path: str) -> None:
    assert rule_ids(text, path) == []


@pytest.mark.parametrize(
    "template",
    [
        "DB_PASSWORD={v}#7\n",
        'client.setApiKey("{v}");\n',
        'ENV["API_KEY"] ||= "{v}"\n',
        "| `SIGNING_KEY` | `{v}` |\n",
        'variable "deploy_token" {{\n  default = "{v}"\n}}\n',
        "docker login -u ci --password {v}\n",
        'curl -H "Authorization: Bearer {v}" https://api.corp.io\n',
        "curl -u deploy:{v}#1 https://api.corp.io\n",
        "<password><![CDATA[{v}#1]]></password>\n",
        "GET https://api.corp.io/v1/items?api_key={v}&format=json\n",
        '{{"source": ["token = \\"{v}\\"\\n"]}}\n',
    ],
)
def test_credential_assignments_are_reported(template: str) -> None:
    value = fake(28, template)
    path = "src/App.java" if "setApiKey" in template else "config/settings.conf"
    assert rule_ids(template.format(v=value), path), template


def test_provider_name_on_an_identifier_is_not_its_key() -> None:
    uuid = "3f1c2a9e-7b4d-4e21-9a6f-0c8d5e2b1a7f"
    assert rule_ids(f"HEROKU_API_KEY={uuid}\n", ".env") == ["heroku-api-key"]
    assert rule_ids(f"HEROKU_APP_ID={uuid}\n", ".env") == []
    assert rule_ids(f"heroku_release_checksum: {uuid}\n", "app.yaml") == []


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("curl -u deploy:{v} https://api.corp.io\n", True),
        ("curl --user=deploy:{v} https://api.corp.io\n", True),
        ("-u deploy:{v}\n", True),  # the flag at the very start of the text
        ("curl\t-u deploy:{v} https://api.corp.io\n", True),
        # Not a flag: ``-u`` glued to a word (an option value, a file name).
        ("see build-u deploy:{v} in the log\n", False),
        ("curl x--user=deploy:{v} https://api.corp.io\n", False),
    ],
)
def test_cli_user_flag_needs_its_left_boundary(line: str, found: bool) -> None:
    value = fake(24, "") + "#1"
    ids = rule_ids(line.format(v=value), "deploy.sh")
    assert ("generic-password" in ids) is found, (line, ids)
