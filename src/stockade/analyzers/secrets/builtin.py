"""Metadata of the detectors implemented in code (structured formats and generic detection)."""

from __future__ import annotations

from stockade.analyzers.secrets.ruleset import CWE, MODULE, OWASP, RULE_TYPE
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

_ROTATE = (
    "Treat the secret as compromised: revoke or rotate it, then load it at run time from a secret "
    "manager or the environment. Removing it from the file does not remove it from history."
)


def _rule(rid: str, title: str, sev: Severity, conf: Confidence, description: str) -> Rule:
    return Rule(
        id=rid,
        title=title,
        module=MODULE,
        type=RULE_TYPE,
        severity=sev,
        confidence=conf,
        description=description,
        remediation=_ROTATE,
        cwe=CWE,
        owasp=OWASP,
        tags=("secret",),
    )


CODE_RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        _rule(
            "private-key",
            "Private key",
            Severity.CRITICAL,
            Confidence.HIGH,
            "A PEM, OpenSSH or PGP private key block (also inside strings with escaped newlines "
            "or base64-wrapped).",
        ),
        _rule(
            "private-key-putty",
            "PuTTY private key",
            Severity.CRITICAL,
            Confidence.HIGH,
            "A PuTTY .ppk private key.",
        ),
        _rule(
            "pkcs12-keystore",
            "PKCS#12 key store",
            Severity.HIGH,
            Confidence.HIGH,
            "A PKCS#12 (.p12/.pfx) file, recognised by its ASN.1 structure: it holds a private key.",
        ),
        _rule(
            "url-password",
            "Password in URL",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A connection string or URL with an embedded password (scheme://user:password@host).",
        ),
        _rule(
            "jwt",
            "JSON Web Token",
            Severity.MEDIUM,
            Confidence.MEDIUM,
            "A signed JWT whose header decodes to JSON with an alg; it may still be valid.",
        ),
        _rule(
            "docker-config-auth",
            "Docker registry credentials",
            Severity.HIGH,
            Confidence.HIGH,
            "A Docker config.json auths entry (base64 user:password) or identity token.",
        ),
        _rule(
            "npmrc-auth",
            "npm registry credentials",
            Severity.HIGH,
            Confidence.HIGH,
            "An .npmrc _authToken, _auth or _password entry.",
        ),
        _rule(
            "netrc-password",
            "netrc password",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A password entry of a .netrc machine.",
        ),
        _rule(
            "pypirc-password",
            "PyPI upload password",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A password in a .pypirc index section (an upload token or account password).",
        ),
        _rule(
            "kubernetes-secret",
            "Kubernetes Secret value",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A credential in the data of a Kubernetes Secret manifest (base64 is not encryption).",
        ),
        _rule(
            "generic-password",
            "Hard-coded password",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A password-named variable, key or flag assigned a literal that looks like a password.",
        ),
        _rule(
            "generic-secret",
            "Hard-coded secret",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A secret-, token- or key-named variable assigned a high-entropy literal.",
        ),
        _rule(
            "http-authorization-header",
            "Credential in Authorization header",
            Severity.HIGH,
            Confidence.MEDIUM,
            "A literal bearer, token or basic credential in an Authorization header.",
        ),
    )
}
