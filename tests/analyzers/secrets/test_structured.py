"""Structured detectors: each format's real shape is reported, its look-alikes are not.

Key material comes from the real ``openssl`` at test time (PEM, encrypted PKCS#8, PKCS#12),
so the detectors are checked against what tools actually write, not against our own idea of it.
"""

from __future__ import annotations

import base64
import json
import random
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from analyzers.secrets.helpers import analyze, fake, findings, rule_ids
from stockade.analyzers.secrets import structured
from stockade.core.severity import Confidence, Severity

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    d = tmp_path_factory.mktemp("keys")
    _openssl(
        "genpkey",
        "-algorithm",
        "EC",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-out",
        "ec.pem",
        cwd=d,
    )
    _openssl(
        "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "rsa.pem", cwd=d
    )
    _openssl(
        "pkcs8", "-topk8", "-in", "ec.pem", "-out", "enc.pem", "-passout", "pass:pw-for-test", cwd=d
    )
    _openssl(
        "req",
        "-x509",
        "-key",
        "ec.pem",
        "-subj",
        "/CN=test",
        "-days",
        "1",
        "-out",
        "cert.pem",
        cwd=d,
    )
    _openssl("pkey", "-in", "ec.pem", "-pubout", "-out", "pub.pem", cwd=d)
    _openssl(
        "pkcs12", "-export", "-inkey", "ec.pem", "-in", "cert.pem", "-out", "ks.p12",
        "-passout", "pass:pw-for-test", cwd=d,
    )  # fmt: skip
    return {p.stem: p.read_bytes() for p in d.iterdir()}


# --------------------------------------------------------------------------- private keys


def test_pem_private_key_on_its_own_lines(keys: dict[str, bytes]) -> None:
    found = findings(keys["rsa"], "deploy/id_rsa")
    assert [f.rule_id for f in found] == ["private-key"]
    assert found[0].severity is Severity.CRITICAL
    assert found[0].location.line == 1
    assert found[0].location.end_line == keys["rsa"].decode().count("\n")


def test_pem_with_escaped_newlines_in_a_json_string(keys: dict[str, bytes]) -> None:
    doc = json.dumps({"type": "service_account", "private_key": keys["ec"].decode()})
    assert "\\n" in doc
    assert rule_ids(doc, "creds/sa.json") == ["private-key"]


def test_pem_split_over_concatenated_string_literals(keys: dict[str, bytes]) -> None:
    lines = keys["rsa"].decode().splitlines()
    java = "String KEY =\n" + " +\n".join(f'    "{ln}\\n"' for ln in lines) + ";\n"
    assert rule_ids(java, "src/Keys.java") == ["private-key"]


def test_encrypted_key_is_reported_at_lower_severity(keys: dict[str, bytes]) -> None:
    assert b"ENCRYPTED PRIVATE KEY" in keys["enc"]
    (f,) = findings(keys["enc"], "tls/key.pem")
    assert f.rule_id == "private-key"
    assert f.metadata["encrypted"] is True
    assert f.severity is Severity.MEDIUM


def test_legacy_proc_type_encrypted_header() -> None:
    body = "\n".join(fake(64, f"legacy{i}", B64) for i in range(8))
    pem = (
        "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
        "DEK-Info: AES-128-CBC,0123456789ABCDEF0123456789ABCDEF\n\n"
        f"{body}\n-----END RSA PRIVATE KEY-----\n"
    )
    (f,) = findings(pem, "tls/legacy.pem")
    assert f.metadata["encrypted"] is True


@pytest.mark.parametrize(
    "text",
    [
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n...\n-----END RSA PRIVATE KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\n<your private key here>\n-----END PRIVATE KEY-----\n",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n",
        'if line.startswith("-----BEGIN PRIVATE KEY-----"):\n    parse(line)\n',
    ],
    ids=["elided", "placeholder", "broken-no-end", "code-mentions-header"],
)
def test_incomplete_or_placeholder_pem_blocks_are_not_keys(text: str) -> None:
    found, ctx = analyze(text, "src/keys.py")
    assert found == []
    assert ctx.issues == []  # bad blocks are simply not keys, never an error


def test_certificates_and_public_keys_are_not_private_keys(keys: dict[str, bytes]) -> None:
    assert rule_ids(keys["cert"] + b"\n" + keys["pub"], "tls/chain.pem") == []


def test_openssh_and_pgp_private_keys() -> None:
    ssh_body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + fake(
        330, "ssh", B64
    )
    ssh = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(
        ssh_body[i : i + 70] for i in range(0, len(ssh_body), 70)
    )
    ssh += "\n-----END OPENSSH PRIVATE KEY-----\n"
    pgp_body = "lQdGBF" + fake(600, "pgp", B64)
    pgp = "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: test\n\n" + "\n".join(
        pgp_body[i : i + 64] for i in range(0, len(pgp_body), 64)
    )
    pgp += "\n=Ab1c\n-----END PGP PRIVATE KEY BLOCK-----\n"
    assert rule_ids(ssh, "home/.ssh/id_ed25519") == ["private-key"]
    assert rule_ids(pgp, "keys/signing.asc") == ["private-key"]
    pub = (
        "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"
        + pgp_body[:320]
        + "\n-----END PGP PUBLIC KEY BLOCK-----\n"
    )
    assert rule_ids(pub, "keys/signing.pub.asc") == []


def test_ssh2_rfc4716_private_key() -> None:
    body = "\n".join(fake(70, f"ssh2-{i}", B64) for i in range(8))
    key = (
        "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\n"
        'Comment: "2048-bit rsa, deploy@build"\n'
        f"{body}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----\n"
    )
    (f,) = findings(key, "keys/deploy.ssh2")
    assert f.rule_id == "private-key" and f.metadata["key_type"] == "SSH2 ENCRYPTED"
    assert f.metadata["encrypted"] is True
    public = key.replace("ENCRYPTED PRIVATE", "PUBLIC")
    assert rule_ids(public, "keys/deploy.pub") == []


def _putty(encryption: str) -> str:
    pub = fake(68, "putty-pub", B64)
    priv = "\n".join(fake(64, f"putty{i}", B64) for i in range(3))
    return (
        "PuTTY-User-Key-File-3: ssh-ed25519\n"
        f"Encryption: {encryption}\nComment: deploy\nPublic-Lines: 2\n{pub[:64]}\n{pub[64:]}\n"
        f"Private-Lines: 3\n{priv}\nPrivate-MAC: {fake(64, 'mac', '0123456789abcdef')}\n"
    )


def test_putty_keys_plain_and_encrypted() -> None:
    (plain,) = findings(_putty("none"), "keys/deploy.ppk")
    (enc,) = findings(_putty("aes256-cbc"), "keys/deploy.ppk")
    assert plain.rule_id == enc.rule_id == "private-key-putty"
    assert plain.severity is Severity.CRITICAL
    assert enc.severity is Severity.MEDIUM and enc.metadata["encrypted"] is True


def test_base64_wrapped_pem_in_a_kubeconfig(keys: dict[str, bytes]) -> None:
    data = base64.b64encode(keys["ec"]).decode()
    cfg = f"users:\n- name: admin\n  user:\n    client-key-data: {data}\n"
    assert rule_ids(cfg, "kube/config") == ["private-key"]
    cert = base64.b64encode(keys["cert"]).decode()
    assert (
        rule_ids(f"clusters:\n- cluster:\n    certificate-authority-data: {cert}\n", "kube/config")
        == []
    )


def test_pkcs12_recognised_by_content_whatever_its_name(keys: dict[str, bytes]) -> None:
    found, ctx = analyze(keys["ks"], "assets/blob.bin")
    assert [f.rule_id for f in found] == ["pkcs12-keystore"]
    assert ctx.issues == []
    other, ctx = analyze(b"\x00\x01\x02" + bytes(range(256)) * 4, "assets/icon.bin")
    assert other == []
    assert [i.kind for i in ctx.issues] == ["skipped"]


# --------------------------------------------------------------------------- JWT


def _b64url(obj: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def _jwt(header: object, sig: str) -> str:
    return f"{_b64url(header)}.{_b64url({'sub': 'user-42', 'iat': 1700000000})}.{sig}"


def test_signed_jwt_reported_with_its_decoded_alg() -> None:
    token = _jwt({"alg": "HS256", "typ": "JWT"}, fake(43, "sig", B64[:-2] + "-_"))
    (f,) = findings(f"Authorization = 'Bearer {token}'\n", "src/api.py")
    assert f.rule_id == "jwt"
    assert f.metadata["alg"] == "HS256"


def test_expired_jwt_is_kept_at_low_confidence() -> None:
    sig = fake(43, "sig-exp", B64[:-2] + "-_")
    head = _b64url({"alg": "HS256", "typ": "JWT"})
    old = f"{head}.{_b64url({'sub': 'u', 'exp': 1_000_000_000})}.{sig}"
    live = f"{head}.{_b64url({'sub': 'u', 'exp': 4_000_000_000})}.{sig}"
    (f_old,) = findings(f"token = '{old}'\n", "src/api.py")
    (f_live,) = findings(f"token = '{live}'\n", "src/api.py")
    assert f_old.metadata["expired"] is True and f_old.confidence is Confidence.LOW
    assert f_live.metadata["expired"] is False and f_live.confidence is Confidence.MEDIUM


def test_unsigned_alg_none_jwt_is_not_a_credential() -> None:
    token = _jwt({"alg": "none", "typ": "JWT"}, "")
    assert rule_ids(f"token = '{token}'\n", "src/api.py") == []


def test_jwt_shape_whose_header_is_not_json_is_ignored() -> None:
    junk = "eyJ" + fake(30, "h") + ".eyJ" + fake(40, "p") + "." + fake(43, "s")
    assert "jwt" not in rule_ids(f"value = '{junk}'\n", "src/api.py")


# --------------------------------------------------------------------------- configuration files


def test_kubernetes_secret_data_is_base64_decoded() -> None:
    pw = fake(20, "k8s-pw")
    doc = (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n"
        f"  username: {base64.b64encode(b'app').decode()}\n"
        f"  password: {base64.b64encode(pw.encode()).decode()}\n"
    )
    (f,) = findings(doc, "deploy/db-secret.yaml")
    assert f.rule_id == "kubernetes-secret"
    assert f.metadata["key"] == "password"
    assert pw not in json.dumps(dict(f.metadata)) and pw not in f.message


def test_kubernetes_configmap_and_placeholder_secret_are_not_reported() -> None:
    cm = (
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  mode: "
        + base64.b64encode(b"fast-and-safe").decode()
    )
    ph = (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n  password: "
        + base64.b64encode(b"changeme").decode()
    )
    assert rule_ids(cm, "deploy/cm.yaml") == []
    assert rule_ids(ph, "deploy/s.yaml") == []


def test_docker_config_auths_decoded() -> None:
    auth = base64.b64encode(f"ci:{fake(24, 'docker')}".encode()).decode()
    doc = json.dumps({"auths": {"registry.corp.io": {"auth": auth}}}, indent=2)
    (f,) = findings(doc, ".docker/config.json")
    assert f.rule_id == "docker-config-auth" and f.metadata["user"] == "ci"
    empty = json.dumps({"auths": {"ghcr.io": {}}, "credsStore": "desktop"})
    ph = json.dumps({"auths": {"x.io": {"auth": base64.b64encode(b"ci:${TOKEN}").decode()}}})
    assert rule_ids(empty, ".docker/config.json") == []
    assert rule_ids(ph, ".docker/config.json") == []


def test_npmrc_auth_token_and_variable() -> None:
    line = f"//registry.npmjs.org/:_authToken={fake(36, 'npm')}\n"
    assert rule_ids(line, ".npmrc") == ["npmrc-auth"]
    assert rule_ids("//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n", ".npmrc") == []
    basic = base64.b64encode(f"me:{fake(16, 'npm2')}".encode()).decode()
    assert rule_ids(f"_auth={basic}\nalways-auth=true\n", ".npmrc") == ["npmrc-auth"]


def test_pypirc_password_and_placeholder() -> None:
    token = fake(60, "pypi")
    cfg = f"[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = {token}\n"
    (f,) = findings(cfg, ".pypirc")
    assert f.rule_id in {"pypirc-password", "pypi-upload-token", "generic-password"}
    assert f.location.line == 7
    assert rule_ids("[pypi]\nusername = __token__\npassword = <your-pypi-token>\n", ".pypirc") == []
    assert rule_ids("[pypi]\nusername = me\npassword = %(PYPI_PASSWORD)s\n", ".pypirc") == []


def test_netrc_password() -> None:
    pw = fake(18, "netrc")
    (f,) = findings(f"machine git.corp.io\n  login ci\n  password {pw}\n", ".netrc")
    assert f.rule_id == "netrc-password" and f.location.line == 3
    assert rule_ids("machine git.corp.io login ci password $GIT_TOKEN\n", ".netrc") == []


def test_dotenv_credentials() -> None:
    env = f"NODE_ENV=production\nDB_PASSWORD={fake(12, 'env')}#9\nSTRIPE_WEBHOOK_ID=we_123\n"
    assert rule_ids(env, ".env") == ["generic-password"]


# --------------------------------------------------------------------------- URLs


def test_url_with_embedded_password() -> None:
    pw = fake(16, "url") + "!9"
    (f,) = findings(
        f'DATABASE_URL = "postgres://app:{pw}@db.internal:5432/app"\n', "app/settings.py"
    )
    assert f.rule_id == "url-password"
    assert f.metadata["host"] == "db.internal" and f.metadata["user"] == "app"
    assert f.confidence is Confidence.MEDIUM


@pytest.mark.parametrize(
    "url",
    [
        "postgres://app:${DB_PASSWORD}@db:5432/app",
        "postgres://user:password@localhost/db",
        "amqp://guest:guest@localhost:5672/",
        "https://${GIT_USER}:${GIT_TOKEN}@github.com/org/repo.git",
        "redis://:@localhost:6379/0",
        "https://deploy@git.corp.io/app.git",
        "mysql://root:%(password)s@db/app",
    ],
)
def test_url_without_a_real_password(url: str) -> None:
    assert rule_ids(f'url = "{url}"\n', "app/settings.py") == []


def test_ado_net_and_jdbc_connection_strings() -> None:
    pw = fake(14, "ado") + "#1"
    ado = f'<add name="db" connectionString="Server=tcp:db;Database=app;User ID=sa;Password={pw};" />\n'
    jdbc = f"spring.datasource.url=jdbc:mysql://db:3306/app?user=app&password={pw}\n"
    assert rule_ids(ado, "web.config") == ["generic-password"]
    assert rule_ids(jdbc, "application.properties") == ["generic-password"]


def _url_spans(matches: Iterable[Any]) -> list[tuple[int, ...]]:
    return [tuple(x for g in range(4) for x in m.span(g)) for m in matches]


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"see https://example.com/x and ftp://ftp.example.org",
        b"postgres://app:s3cr3tPa55@db.internal:5432/app",
        b"a://b:c@d e://f:g@h",  # two matches, the second right after the first
        b"x" * 40 + b"://" + b"u" * 99 + b":" + b"p" * 199 + b"@" + b"h" * 5000,  # long host
        b"://:@ http://:x@y ht-tp+s://u:p@[::1] 9x://u:p@h",
        b"redis://:only-password@cache:6379/0",
    ],
)
def test_url_matches_equal_finditer(text: bytes) -> None:
    """The '://'-anchored search finds exactly what RE2's finditer over the whole text finds."""
    expected = _url_spans(structured._URL.finditer(text))
    assert _url_spans(structured._url_matches(text)) == expected


def test_url_matches_equal_finditer_on_random_text() -> None:
    rng = random.Random(1234)
    pieces = [b"a", b"Z", b"1", b":", b"/", b"//", b"@", b".", b"-", b" ", b"\n", b"http://u:p@h"]
    for _ in range(3000):
        text = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        expected = _url_spans(structured._URL.finditer(text))
        assert _url_spans(structured._url_matches(text)) == expected, text
