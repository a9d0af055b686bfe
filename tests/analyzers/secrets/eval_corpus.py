"""An evaluation set kept apart from the tuning corpus (tests/secrets_corpus.py).

Written from the languages' grammars, not from the detector: every way each language or
format we read assigns a string to a name (``ASSIGNMENTS``, one template per grammar form),
crossed with credentials of every shape class (``VALUES``: prefix formats, provider tokens
with no prefix that only a provider name beside them identifies, generic random tokens). The
negatives (``NEGATIVES``) are the look-alikes of issue #21: anti-forgery tokens, short
low-entropy values in ``*Token`` names, package coordinates and versions, browser keys the
code says are public, and provider prefixes whose length or checksum is wrong. Values are
assembled at run time from seeded generators; nothing secret-looking is committed.

Scoring as in the tuning corpus: a positive counts when a finding covers the planted value's
line; a negative file with any finding is a false positive.
"""

from __future__ import annotations

import base64
import random
import uuid
from collections import defaultdict
from dataclasses import dataclass

from analyzers.secrets.helpers import analyze
from stockade.analyzers.secrets.formats import with_valid_checksum

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
DIGITS = "0123456789"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def rand(n: int, seed: str, alphabet: str = ALNUM) -> str:
    rng = random.Random("eval:" + seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


def rand_uuid(seed: str) -> str:
    return str(uuid.UUID(int=random.Random("eval:" + seed).getrandbits(128), version=4))


# Grammar forms: (syntax, path, template). {n} is the name, {v} the value; {N} the name in
# upper snake case. One line per assignment form the language's grammar accepts.
ASSIGNMENTS: tuple[tuple[str, str, str], ...] = (
    ("go", "main.go", 'package main\n\nvar {n} string = "{v}"\n'),
    ("go", "main.go", 'package main\n\nvar (\n\t{n} string = "{v}"\n)\n'),
    ("go", "main.go", 'package main\n\nconst {n} string = "{v}"\n'),
    ("go", "main.go", 'package main\n\nfunc f() {{\n\t{n} := "{v}"\n\t_ = {n}\n}}\n'),
    ("go", "main.go", "package main\n\nvar {n} = `{v}`\n"),
    ("make", "Makefile", '{N} :::= "{v}"\n'),
    ("make", "Makefile", '{N} ::= "{v}"\n'),
    ("make", "Makefile", '{N} ?= "{v}"\n'),
    ("make", "Makefile", '{N} += "{v}"\n'),
    ("make", "Makefile", '{N} != echo "{v}"\n'),
    ("make", "Makefile", "{N} := {v}\n"),
    ("php", "a.php", '<?php\n${n} .= "{v}";\n'),
    ("php", "a.php", "<?php\n${n} = '{v}';\n"),
    ("php", "a.php", "<?php\ndefine('{N}', '{v}');\n"),
    ("php", "a.php", "<?php\nclass C {{ const {N} = '{v}'; }}\n"),
    ("xml", "conf.xml", "<config>\n  <{n}>\n    {v}\n  </{n}>\n</config>\n"),
    ("xml", "conf.xml", "<config>\n  <{n}>{v}</{n}>\n</config>\n"),
    ("xml", "Info.plist", "<dict>\n\t<key>{n}</key>\n\t<string>{v}</string>\n</dict>\n"),
    ("kotlin", "a.kt", 'val {n}: String = "{v}"\n'),
    ("kotlin", "a.kt", 'const val {N} = "{v}"\n'),
    ("swift", "a.swift", 'let {n}: String = "{v}"\n'),
    ("swift", "a.swift", 'static let {n} = "{v}"\n'),
    ("rust", "a.rs", 'let {n}: &str = "{v}";\n'),
    ("rust", "a.rs", 'static {N}: &\'static str = "{v}";\n'),
    ("rust", "a.rs", 'let {n} = String::from("{v}");\n'),
    ("csharp", "a.cs", 'public const string {n} = "{v}";\n'),
    ("csharp", "a.cs", 'public string {n} {{ get; set; }} = "{v}";\n'),
    ("csharp", "a.cs", 'private static readonly string {n} = @"{v}";\n'),
    ("c", "a.c", 'static const char {n}[] = "{v}";\n'),
    ("c", "a.h", '#define {N} "{v}"\n'),
    ("c", "a.m", 'NSString *{n} = @"{v}";\n'),
    ("vb", "a.vb", 'Dim {n} As String = "{v}"\n'),
    ("powershell", "a.ps1", '${n} = ConvertTo-SecureString "{v}" -AsPlainText -Force\n'),
    ("r", "a.R", '{n} <- "{v}"\n'),
    ("js", "a.js", 'const {n} = process.env.X || "{v}";\n'),
    ("js", "a.ts", 'private readonly {n}: string = "{v}";\n'),
    ("python", "a.py", '{N}: Final[str] = "{v}"\n'),
    ("python", "a.py", '{n} += "{v}"\n'),
    ("toml", "a.toml", '{n} = """\n{v}"""\n'),
    ("toml", "a.toml", 'creds = {{ {n} = "{v}" }}\n'),
    ("yaml", "a.yaml", "{n}: |\n  {v}\n"),
    ("yaml", "a.yaml", "{n}: >-\n  {v}\n"),
    ("yaml", "a.yaml", "{n}: &anchor {v}\n"),
    ("yaml", "a.yaml", "{n}: !!str {v}\n"),
    ("hcl", "main.tf", "{n} = <<EOT\n{v}\nEOT\n"),
    ("shell", "a.sh", "read -r -d '' {N} <<'EOF'\n{v}\nEOF\n"),
    ("shell", "a.sh", 'declare -r {N}="{v}"\n'),
    ("sql", "seed.sql", "INSERT INTO settings ({n}) VALUES ('{v}');\n"),
    ("dockerfile", "Dockerfile", 'FROM alpine\nARG {N}="{v}"\n'),
    ("dotenv", ".env", "export {N}={v}\n"),
    ("ini", "a.ini", "[main]\n{n}: {v}\n"),
    ("json5", "a.json5", "{{ {n}: '{v}', }}\n"),
)


@dataclass(frozen=True)
class Value:
    """A credential: the provider's words for the name, and the value."""

    family: str
    words: tuple[str, ...]
    value: str


def _slack(seed: str, kind: str, tail: int) -> str:
    parts = [
        rand(11, seed + "1", DIGITS),
        rand(12, seed + "2", DIGITS),
        rand(12, seed + "3", DIGITS),
    ]
    return f"{kind}-" + "-".join(parts) + "-" + rand(tail, seed + "4", HEX)


def values() -> list[Value]:
    """Every shape class named in issue #21, each under a name its users would write."""
    flw = "FLWSECK_TEST-" + rand(32, "flw", HEX) + "-X"
    onepw = "A3-" + "-".join(rand(k, f"op{i}", B32) for i, k in enumerate((6, 6, 5, 5, 5, 5)))
    return [
        Value("snyk", ("snyk", "token"), rand_uuid("snyk")),
        Value("sumologic", ("sumologic", "access", "key"), rand_uuid("sumo")),
        Value("squarespace", ("squarespace", "api", "key"), rand_uuid("sqsp")),
        Value("sonar", ("sonar", "token"), rand(40, "sonar", HEX)),
        Value("jfrog", ("jfrog", "access", "token"), rand(64, "jfrog", HEX)),
        Value("dropbox", ("dropbox", "token"), rand(64, "dropbox", LOWER)),
        Value("asana", ("asana", "token"), rand(40, "asana", LOWER)),
        Value("discord", ("discord", "secret"), rand(64, "discord", HEX)),
        Value("linkedin", ("linkedin", "client", "secret"), rand(40, "li", LOWER)),
        Value("newrelic", ("new", "relic", "api", "key"), rand(40, "nr", HEX)),
        Value("sendbird", ("sendbird", "api", "token"), rand(40, "sb", HEX)),
        Value("gocardless", ("gocardless", "token"), "live_" + rand(40, "gc", ALNUM)),
        Value("messagebird", ("messagebird", "key"), rand(25, "mb", ALNUM)),
        Value("slack-workspace", ("slack", "token"), _slack("sw", "xoxa-2", 32)),
        Value("slack-legacy", ("slack", "legacy", "token"), _slack("sl", "xoxs", 64)),
        Value("age", ("age", "secret", "key"), "AGE-SECRET-KEY-1" + rand(58, "age", BECH32)),
        Value("flutterwave", ("flutterwave", "secret", "key"), flw),
        Value(
            "telegram",
            ("telegram", "bot", "token"),
            rand(10, "tg", DIGITS) + ":AA" + rand(33, "tg2", ALNUM + "_-"),
        ),
        Value("onepassword", ("op", "secret", "key"), onepw),
        Value("github", ("github", "token"), with_valid_checksum("ghp_" + rand(36, "gh"))),
        Value("generic", ("api", "secret"), rand(32, "generic", ALNUM)),
        Value("generic-password", ("db", "password"), rand(14, "pw", ALNUM) + "!#"),
    ]


def _names(words: tuple[str, ...]) -> tuple[str, str]:
    camel = words[0] + "".join(w.capitalize() for w in words[1:])
    return camel, "_".join(words).upper()


@dataclass(frozen=True)
class Sample:
    syntax: str
    family: str
    path: str
    text: str
    line: int


def positives() -> list[Sample]:
    out = []
    for val in values():
        n, upper = _names(val.words)
        for syntax, path, template in ASSIGNMENTS:
            text = template.format(n=n, N=upper, v=val.value)
            line = text[: text.index(val.value)].count("\n") + 1
            out.append(Sample(syntax, val.family, path, text, line))
    return out


def negatives() -> list[Sample]:
    """Look-alikes, each in the syntaxes where it is met."""
    b64 = base64.b64encode(random.Random("eval:csrf").randbytes(32)).decode()
    key = "AIza" + rand(35, "fb", ALNUM + "_-")
    rows = [
        (
            "csrf",
            "form.html.erb",
            f'<input type="hidden" name="authenticity_token" value="{b64}" />\n',
        ),
        (
            "csrf",
            "form.html",
            f'<input type="hidden" name="csrfmiddlewaretoken" value="{rand(64, "dj")}">\n',
        ),
        (
            "csrf",
            "form.blade.php",
            f'<input type="hidden" name="_token" value="{rand(40, "lv")}">\n',
        ),
        ("csrf", "session.json", f'{{"csrfToken": "{rand(32, "cj")}"}}\n'),
        ("csrf", "form.json", f'{{"authenticity_token": "{b64}"}}\n'),
        (
            "csrf",
            "Form.cshtml",
            f'<input name="__RequestVerificationToken" value="CfDJ8{rand(80, "asp")}" />\n',
        ),
        ("short-token", "a.js", 'const pageToken = "CAEQAA12";\n'),
        ("short-token", "a.ts", 'const deviceToken: string = "device-token-1";\n'),
        ("short-token", "a.py", 'next_token = "token0001"\n'),
        ("short-token", "a.py", 'access_token = "test1234test"\n'),
        ("short-token", "a.go", 'sessionToken := "sess_12345678"\n'),
        ("short-token", "a.py", 'api_token = "aabbccdd1122aabb"\n'),
        ("short-token", "a.kt", 'val fcmToken = "fcm_token_abc1"\n'),
        (
            "coordinate",
            "release.yaml",
            "notes: com.fasterxml.jackson.core:jackson-databind:2.15.2\n",
        ),
        (
            "coordinate",
            "a.json",
            '{"description": "org.springframework.security:spring-security-core:6.1.3"}\n',
        ),
        (
            "coordinate",
            "pom.xml",
            "<props>\n  <token.lib>com.auth0:java-jwt:4.4.0</token.lib>\n</props>\n",
        ),
        ("coordinate", "a.yaml", "token_version: 2.15.2-beta.1+build.5f3a\n"),
        ("coordinate", "a.yaml", 'secret_package: "@google-cloud/secret-manager@5.0.1"\n'),
        (
            "public-key",
            "firebase.js",
            f'const firebaseConfig = {{\n  apiKey: "{key}",\n  projectId: "demo",\n}};\n',
        ),
        (
            "public-key",
            "index.html",
            f'<script src="https://maps.googleapis.com/maps/api/js?key={key}"></script>\n',
        ),
        (
            "public-key",
            "search.js",
            f'// search-only API key, safe to use in the browser\nconst algolia = {{ key: "{rand(32, "alg", HEX)}" }};\n',
        ),
        (
            "public-key",
            "map.js",
            f'mapboxgl.accessToken = "pk.eyJ1Ijoi{rand(30, "mbx")}.{rand(22, "mbx2")}";\n',
        ),
        ("public-key", "pay.js", f'const stripe = Stripe("pk_live_{rand(40, "spk")}");\n'),
        ("bad-format", "a.py", f'TOKEN = "ghp_{rand(36, "badcrc")}"\n'),
        ("bad-format", "a.py", f'TOKEN = "ghp_{rand(30, "short")}"\n'),
        ("bad-format", ".npmrc", f"//registry.npmjs.org/:_authToken=npm_{rand(36, 'npmcrc')}\n"),
        ("bad-format", "a.py", f'GITLAB_TOKEN = "glpat-{rand(12, "gl")}"\n'),
        ("bad-format", "a.py", f'PYPI_TOKEN = "pypi-AgEIcHlwaS5vcmc{rand(61, "pp")}"\n'),
        ("bad-format", "a.py", f'STRIPE_KEY = "sk_live_{rand(12, "st")}"\n'),
        ("id-not-secret", "a.py", f'SNYK_ORG_ID = "{rand_uuid("org")}"\n'),
        ("id-not-secret", "a.yaml", f"request_id: {rand_uuid('req')}\n"),
        ("id-not-secret", "a.yaml", f"commit_sha: {rand(40, 'sha', HEX)}\n"),
        ("id-not-secret", "a.py", f'build_token = "{rand_uuid("uuid-no-provider")}"\n'),
    ]
    return [Sample(kind, kind, path, text, 1) for kind, path, text in rows]


@dataclass
class Score:
    found: int = 0
    total: int = 0

    @property
    def rate(self) -> float:
        return self.found / self.total if self.total else 1.0


def evaluate() -> tuple[dict[str, Score], list[Sample], list[Sample]]:
    """Recall per syntax, the missed positives and the false-positive negatives."""
    by_syntax: dict[str, Score] = defaultdict(Score)
    misses, alarms = [], []
    for sample in positives():
        findings, _ = analyze(sample.text, sample.path)
        hit = any(
            f.location.line <= sample.line <= (f.location.end_line or f.location.line)
            for f in findings
        )
        score = by_syntax[sample.syntax]
        score.total += 1
        score.found += hit
        if not hit:
            misses.append(sample)
    for sample in negatives():
        if analyze(sample.text, sample.path)[0]:
            alarms.append(sample)
    return dict(by_syntax), misses, alarms


def main() -> None:
    by_syntax, misses, alarms = evaluate()
    total = sum(s.total for s in by_syntax.values())
    found = sum(s.found for s in by_syntax.values())
    print(f"{'syntax':<12} {'n':>5} {'recall':>7}")
    for syntax, score in sorted(by_syntax.items()):
        print(f"{syntax:<12} {score.total:5d} {score.rate:7.3f}")
    print(f"{'ALL':<12} {total:5d} {found / total:7.4f}")
    print(f"negatives: {len(negatives())}, false positives: {len(alarms)}")
    for m in misses:
        print("MISS", m.family, m.syntax, repr(m.text[:120]))
    for a in alarms:
        print("FP", a.family, repr(a.text[:120]))


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main()
