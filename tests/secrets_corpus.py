"""A labelled secrets corpus built at test time: no real-looking secret is ever committed.

Shape of the maintainers' held-back corpus: positives of every rule family (each provider rule,
the structured detectors and generic credentials) planted in 29 file syntaxes, and negatives —
the look-alikes each family is known for (its own masked and templated forms, UUIDs, hashes,
lockfile integrity strings, versions, placeholders, sequences, words, code references,
documented example keys and test vectors) placed in the same syntaxes. Every value comes from a
generator seeded by SEED, the family and the syntax, so two runs build byte-identical files;
another seed (use_seed) builds a corpus of the same shape with fresh values.

Scoring: a positive is found when a finding's lines intersect the planted secret's lines; a
negative file is a false positive when it yields any finding at all (low confidence included).
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import random
import re
import urllib.parse
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.secrets.analyzer import SecretsAnalyzer
from stockade.analyzers.secrets.examples import expand
from stockade.analyzers.secrets.ruleset import SecretRule, load_rules
from stockade.analyzers.target import FileContent, SourceFile, Target
from stockade.core.finding import Finding
from stockade.core.severity import Confidence

# Every random value derives from SEED; another seed builds a corpus of the same shape whose
# values the detectors were never looked at against (use_seed).
SEED = "corpus"


def use_seed(seed: str) -> None:
    global SEED
    SEED = seed


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@dataclass(frozen=True)
class Family:
    """What is planted: a credential name (words) and the value text holding the secret."""

    id: str
    category: str
    words: tuple[str, ...]
    value: str
    pem: bool = False
    context: bool = False  # found by the provider's name next to it, not by its own shape


@dataclass(frozen=True)
class Sample:
    path: str
    syntax: str
    text: str
    positive: bool
    family: str
    category: str
    lines: tuple[int, int]  # 1-based, inclusive: where the planted value is
    note: str = ""


# --------------------------------------------------------------------------- name styles


def snake(w: tuple[str, ...]) -> str:
    return "_".join(w)


def upper(w: tuple[str, ...]) -> str:
    return "_".join(w).upper()


def camel(w: tuple[str, ...]) -> str:
    return w[0] + "".join(x.capitalize() for x in w[1:])


def pascal(w: tuple[str, ...]) -> str:
    return "".join(x.capitalize() for x in w)


def kebab(w: tuple[str, ...]) -> str:
    return "-".join(w)


def dotted(w: tuple[str, ...]) -> str:
    return ".".join(w)


# --------------------------------------------------------------------------- syntaxes
# Each renderer returns (path, text before the value, the value as written, text after).

Render = Callable[[tuple[str, ...], str, int], tuple[str, str, str, str]]


def _yaml_scalar(v: str) -> str:
    if re.search(r"^[-?:,\[\]{}#&*!|>'\"%@`]|: | #", v):
        return '"' + v + '"'
    return v


def _r_py(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "app/api.py", f'client = Client(\n    {snake(w)}="', v, '",\n    timeout=30,\n)\n'
    if i % 2:
        return "app/settings.py", f'import os\n\nDEBUG = False\n{upper(w)} = "', v, '"\n'
    return (
        "app/client.py",
        f"def connect():\n    {snake(w)} = '",
        v,
        "'\n    return open_session()\n",
    )


def _r_js(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "src/http.js", "fetch(url, {\n  headers: { Authorization: `Bearer ", v, "` },\n});\n"
    if i % 2:
        return (
            "src/config.js",
            f"const config = {{\n  region: 'eu-west-1',\n  {camel(w)}: '",
            v,
            "',\n};\nmodule.exports = config;\n",
        )
    return "src/index.js", f'const {camel(w)} = "', v, '";\nexport default {};\n'


def _r_ts(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    return "src/env.ts", f'export const {camel(w)}: string = "', v, '";\n'


def _r_go(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "pkg/http.go",
            'package http\n\nfunc call(req *Request) {\n\treq.Header.Set("Authorization", "Bearer ',
            v,
            '")\n}\n',
        )
    if i % 2:
        return "cmd/main.go", f'package main\n\nconst {camel(w)} = "', v, '"\n'
    return (
        "pkg/client.go",
        f'package client\n\nfunc New() *Client {{\n\treturn &Client{{{pascal(w)}: "',
        v,
        '"}\n}\n',
    )


def _r_go_raw(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    return "internal/cfg.go", f"package cfg\n\nvar {camel(w)} = `", v, "`\n"


def _r_java(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "src/main/java/Http.java",
            f'class Http {{\n    Request r = builder.header("X-{pascal(w)}", "',
            v,
            '").build();\n}\n',
        )
    if i % 2:
        return (
            "src/main/java/App.java",
            f'public class App {{\n    private static final String {upper(w)} = "',
            v,
            '";\n}\n',
        )
    return (
        "src/main/java/Client.java",
        f'class Client {{\n    void init() {{\n        client.set{pascal(w)}("',
        v,
        '");\n    }\n}\n',
    )


def _r_rb(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "config/boot.rb", f'ENV["{upper(w)}"] ||= "', v, '"\n'
    if i % 2:
        return (
            "config/initializers/app.rb",
            f"Rails.application.configure do\n  config.{snake(w)} = '",
            v,
            "'\nend\n",
        )
    return "lib/client.rb", f'Client.new({snake(w)}: "', v, '")\n'


def _r_php(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "src/Client.php", f'<?php\n${camel(w)} = "', v, '";\n'
    if i % 2:
        return "config/app.php", f"<?php\ndefine('{upper(w)}', '", v, "');\n"
    return "config/services.php", f"<?php\nreturn [\n    '{snake(w)}' => '", v, "',\n];\n"


def _r_cs(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    return (
        "src/Settings.cs",
        f'public static class Settings\n{{\n    public const string {pascal(w)} = "',
        v,
        '";\n}\n',
    )


def _r_sh(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "scripts/login.sh",
            '#!/bin/sh\necho "$X" | docker login registry.corp.io -u ci --password ',
            v,
            "\n",
        )
    if i % 2:
        return "scripts/deploy.sh", f'#!/bin/sh\nset -e\nexport {upper(w)}="', v, '"\n./deploy\n'
    return "scripts/run.sh", f"#!/bin/bash\n{upper(w)}='", v, "' ./run\n"


def _r_yaml(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "config/nested.yaml", f'spec:\n  auth:\n    {snake(w)}: "', v, '"\n    retries: 3\n'
    s = _yaml_scalar(v)
    q = s[0] if s != v else ""
    return "config/app.yaml", f"app:\n  port: 8080\n  {snake(w)}: {q}", v, f"{q}\n"


def _r_json(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "config/nested.json", f'{{"service": {{"auth": {{"{snake(w)}": "', v, '"}}}}}\n'
    return "config/app.json", f'{{\n  "port": 8080,\n  "{camel(w)}": "', v, '"\n}\n'


def _r_toml(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "config/inline.toml", f'auth = {{ user = "svc", {snake(w)} = "', v, '" }\n'
    return "config/app.toml", f'[service]\nport = 8080\n{snake(w)} = "', v, '"\n'


def _r_ini(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "config/colon.ini", f"[auth]\n{snake(w)}: ", v, "\n"
    return "config/app.ini", f"[default]\nregion = eu-west-1\n{snake(w)} = ", v, "\n"


def _r_env(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return ".env.production", f"export {upper(w)}='", v, "'\n"
    return ".env", f"NODE_ENV=production\n{upper(w)}=", v, "\n"


def _r_properties(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    sep = "=" if i % 2 else ": "
    return (
        "src/main/resources/application.properties",
        f"server.port=8080\napp.{dotted(w)}{sep}",
        v,
        "\n",
    )


def _xml_escape(v: str) -> str:
    return v.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def _r_xml_attr(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 2:
        head = f'<configuration>\n  <appSettings>\n    <add key="{pascal(w)}" value="'
        return "web.config", head, _xml_escape(v), '" />\n  </appSettings>\n</configuration>\n'
    return "conf/client.xml", f'<client>\n  <auth {camel(w)}="', _xml_escape(v), '" />\n</client>\n'


def _r_xml_elem(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "conf/entries.xml",
            f'<map>\n  <entry key="{camel(w)}">',
            _xml_escape(v),
            "</entry>\n</map>\n",
        )
    return (
        "conf/settings.xml",
        f"<settings>\n  <{camel(w)}>",
        _xml_escape(v),
        f"</{camel(w)}>\n</settings>\n",
    )


def _r_docker(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "Dockerfile", f"FROM node:20\nENV {upper(w)} ", v, "\nRUN npm ci\n"
    kw = "ARG" if i % 3 == 0 else "ENV"
    return (
        "Dockerfile",
        f"FROM python:3.12-slim\n{kw} {upper(w)}=",
        v,
        '\nCMD ["python", "app.py"]\n',
    )


def _r_hcl(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "infra/variables.tf",
            f'variable "{snake(w)}" {{\n  type    = string\n  default = "',
            v,
            '"\n}\n',
        )
    return (
        "infra/main.tf",
        f'provider "service" {{\n  region = "eu-west-1"\n  {snake(w)} = "',
        v,
        '"\n}\n',
    )


def _r_k8s(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 4 == 1:  # the canonical form: a Secret's data, base64
        head = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n"
        enc = base64.b64encode(v.encode()).decode()
        return "deploy/secret.yaml", head + f"  {kebab(w)}: ", enc, "\n"
    if i % 4 == 3:
        head = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n"
        return "deploy/secret-string.yaml", head + f"  {snake(w)}: ", _yaml_scalar(v), "\n"
    if i % 3 == 2:
        head = f'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  {upper(w)}: "'
        return "deploy/configmap.yaml", head, v, '"\n'
    head = (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  template:\n"
        "    spec:\n      containers:\n        - name: api\n          env:\n"
        f'            - name: {upper(w)}\n              value: "'
    )
    return "deploy/api.yaml", head, v, '"\n'


def _r_md(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return "docs/table.md", f"| Variable | Value |\n|---|---|\n| `{upper(w)}` | `", v, "` |\n"
    if i % 2:
        return (
            "README.md",
            f"# Setup\n\nExport the key first:\n\n```sh\nexport {upper(w)}=",
            v,
            "\n```\n",
        )
    return (
        "docs/setup.md",
        f"## Configuration\n\nSet `{snake(w)}` in the config: `{snake(w)}: ",
        v,
        "`.\n",
    )


def _r_heredoc(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "scripts/req.sh",
            "#!/bin/sh\ncurl -s https://api.corp.io/v2 -H @- <<EOF\nAuthorization: Bearer ",
            v,
            "\nEOF\n",
        )
    return (
        "scripts/bootstrap.sh",
        f"#!/bin/sh\ncat > /etc/app.conf <<EOF\n{snake(w)} = ",
        v,
        "\nEOF\n",
    )


def _r_cli(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    if i % 3 == 2:
        return (
            "scripts/curl.sh",
            f'#!/bin/sh\ncurl -H "X-{pascal(w)}: ',
            v,
            '" https://api.corp.io/v1/items\n',
        )
    sep = "=" if i % 2 else " "
    return (
        "scripts/call.sh",
        f"#!/bin/sh\nservice-cli deploy --region eu-west-1 --{kebab(w)}{sep}",
        v,
        " --yes\n",
    )


def _r_dockercfg(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    enc = base64.b64encode(f"deploy:{v}".encode()).decode()
    return (
        ".docker/config.json",
        '{\n  "auths": {\n    "registry.corp.io": {\n      "auth": "',
        enc,
        '"\n    }\n  }\n}\n',
    )


def _r_npmrc(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    return (
        ".npmrc",
        "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=",
        v,
        "\n",
    )


def _r_netrc(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    return ".netrc", "machine api.corp.io\n  login deploy\n  password ", v, "\n"


def _r_ipynb(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    head = '{\n "cells": [\n  {\n   "cell_type": "code",\n   "source": [\n    "import client\\n",\n'
    return (
        "notebooks/explore.ipynb",
        head + f'    "{snake(w)} = \\"',
        v,
        '\\"\\n"\n   ]\n  }\n ]\n}\n',
    )


def _r_url_query(w: tuple[str, ...], v: str, i: int) -> tuple[str, str, str, str]:
    return (
        "scripts/fetch.sh",
        f"#!/bin/sh\ncurl 'https://api.corp.io/v1/items?{snake(w)}=",
        urllib.parse.quote(v, safe="-_.~"),
        "&format=json'\n",
    )


SYNTAXES: dict[str, Render] = {
    "py": _r_py,
    "js": _r_js,
    "ts": _r_ts,
    "go": _r_go,
    "go-backtick": _r_go_raw,
    "java": _r_java,
    "rb": _r_rb,
    "php": _r_php,
    "cs": _r_cs,
    "sh": _r_sh,
    "yaml": _r_yaml,
    "json": _r_json,
    "toml": _r_toml,
    "ini": _r_ini,
    "env": _r_env,
    "properties": _r_properties,
    "xml-attr": _r_xml_attr,
    "xml-element": _r_xml_elem,
    "dockerfile": _r_docker,
    "hcl": _r_hcl,
    "k8s": _r_k8s,
    "markdown": _r_md,
    "heredoc": _r_heredoc,
    "cli": _r_cli,
    "docker-config": _r_dockercfg,
    "npmrc": _r_npmrc,
    "netrc": _r_netrc,
    "ipynb": _r_ipynb,
    "url-query": _r_url_query,
}
# Files whose format fixes where a credential goes: only token-like values fit there.
SLOT_SYNTAXES = {"docker-config", "npmrc", "netrc"}
# Syntaxes whose third style places the value where the name is implied (an Authorization
# header, ``--password``): right for secrets, meaningless for a look-alike's own name.
NAMELESS_STYLE = {"js", "go", "heredoc", "sh"}


def _style(syntax: str, index: int, positive: bool) -> int:
    if positive or syntax not in NAMELESS_STYLE or index % 3 != 2:
        return index
    return index + 1


# --------------------------------------------------------------------------- PEM placement


def _pem_multiline(
    syntax: str, w: tuple[str, ...], pem: str, i: int
) -> tuple[str, str, str, str] | None:
    lines = pem.split("\n")
    esc = "\\n".join(lines) + "\\n"
    match syntax:
        case "py":
            return "app/keys.py", f'{upper(w)} = """', pem, '\n"""\n'
        case "js":
            body = ' +\n  "'.join(ln + '\\n"' for ln in lines)
            return "src/keys.js", 'const key =\n  "', body[:-1], ";\n"
        case "ts":
            return "src/keys.ts", "export const key = `", pem, "\n`;\n"
        case "go":
            return "pkg/keys.go", f'package keys\n\nconst {camel(w)} = "', esc, '"\n'
        case "go-backtick":
            return "pkg/keys_raw.go", f"package keys\n\nvar {camel(w)} = `", pem, "\n`\n"
        case "java":
            body = ' +\n        "'.join(ln + '\\n"' for ln in lines)
            return (
                "src/main/java/Keys.java",
                'class Keys {\n    static final String KEY =\n        "',
                body[:-1],
                ";\n}\n",
            )
        case "rb":
            return "lib/keys.rb", "KEY = <<~PEM\n  ", pem.replace("\n", "\n  "), "\nPEM\n"
        case "php":
            return "config/keys.php", "<?php\n$key = '", pem, "\n';\n"
        case "cs":
            return "src/Keys.cs", 'class Keys\n{\n    const string Key = @"', pem, '\n";\n}\n'
        case "sh":
            return "scripts/key.sh", f'#!/bin/sh\nexport {upper(w)}="', pem, '\n"\n'
        case "yaml":
            return (
                "config/keys.yaml",
                f"tls:\n  {snake(w)}: |\n    ",
                pem.replace("\n", "\n    "),
                "\n  port: 443\n",
            )
        case "json":
            return "config/keys.json", f'{{\n  "{camel(w)}": "', esc, '"\n}\n'
        case "toml":
            return "config/keys.toml", f'[tls]\n{snake(w)} = """\n', pem, '\n"""\n'
        case "ini":
            return (
                "config/keys.ini",
                f"[tls]\n{snake(w)} =\n    ",
                pem.replace("\n", "\n    "),
                "\n",
            )
        case "env":
            return ".env", f'{upper(w)}="', esc, '"\n'
        case "properties":
            return "application.properties", f"tls.{dotted(w)}=", esc, "\n"
        case "xml-attr":
            return "conf/keys.xml", f'<tls {camel(w)}="', pem.replace("\n", "&#10;"), '" />\n'
        case "xml-element":
            return "conf/key.xml", f"<tls>\n  <{camel(w)}>\n", pem, f"\n  </{camel(w)}>\n</tls>\n"
        case "dockerfile":
            return (
                "Dockerfile",
                'FROM alpine\nRUN mkdir -p /root/.ssh && echo "',
                esc,
                '" > /root/.ssh/id_rsa\n',
            )
        case "hcl":
            return (
                "infra/keys.tf",
                'resource "tls" "k" {\n  private_key_pem = <<EOT\n',
                pem,
                "\nEOT\n}\n",
            )
        case "k8s":
            if i % 2:
                enc = base64.b64encode((pem + "\n").encode()).decode()
                head = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls\ntype: Opaque\ndata:\n  tls.key: "
                return "deploy/tls.yaml", head, enc, "\n"
            head = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls\nstringData:\n  tls.key: |\n    "
            return "deploy/tls.yaml", head, pem.replace("\n", "\n    "), "\n"
        case "markdown":
            return "docs/keys.md", "# Deploy key\n\n```\n", pem, "\n```\n"
        case "heredoc":
            return "scripts/key.sh", "#!/bin/sh\ncat > ~/.ssh/id_ed25519 <<'EOF'\n", pem, "\nEOF\n"
        case "cli":
            return "scripts/sign.sh", '#!/bin/sh\nsigner --private-key "', esc, '" --in build.tar\n'
        case "ipynb":
            head = '{"cells": [{"source": ["KEY = \\"'
            return "notebooks/keys.ipynb", head, esc.replace("\\n", "\\\\n"), '\\"\\n"]}]}\n'
    return None


# --------------------------------------------------------------------------- families


def _rand(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _words_of(rule_id: str) -> tuple[str, ...]:
    return tuple(x for x in re.split(r"[-_.]", rule_id.lower()) if x)


def _provider_family(rule: SecretRule) -> Family | None:
    """The rule's first true-positive template, split into a name and a value."""
    template = rule.true_positives[0]
    text = expand(template, f"{SEED}/{rule.id}")
    m = rule.compiled.search(text.encode())
    if m is None:
        return None
    secret = m.group(rule.secret_group).decode()
    assign = re.match(r"^([A-Za-z][A-Za-z0-9_.-]*)\s*[=:](?!//)\s*\"?(.*?)\"?$", text)
    if assign and secret in assign.group(2) and " " not in assign.group(2):
        name = assign.group(1).lower().replace(".", "_").replace("-", "_")
        words = tuple(x for x in name.split("_") if x)
        context = rule.rule.confidence is not Confidence.HIGH
        return Family(rule.id, rule.category, words, assign.group(2), context=context)
    if " " not in text and "\n" not in text and '"' not in text and "'" not in text:
        value = text
    else:
        value = secret
    words = _words_of(rule.id)
    if not any(w in {"key", "token", "secret", "password", "pat"} for w in words):
        words = (*words, "key")
    return Family(rule.id, rule.category, words, value)


def _pem(kind: str, rng: random.Random) -> str:
    lead = {
        "RSA": "MIIEpAIBAAKCAQEA",
        "EC": "MHcCAQEEI",
        "": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
        "ENCRYPTED": "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI",
        "OPENSSH": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
        "DSA": "MIIBuwIBAAKBgQD",
    }[kind]
    size = {"EC": 160, "OPENSSH": 340}.get(kind, 1560)
    body = lead + _rand(rng, B64, size - len(lead))
    lines = [body[j : j + 64] for j in range(0, len(body), 64)]
    label = f"{kind} PRIVATE KEY" if kind else "PRIVATE KEY"
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"


def _pgp(rng: random.Random) -> str:
    body = "lQdGBF" + _rand(rng, B64, 1400)
    lines = [body[j : j + 64] for j in range(0, len(body), 64)]
    return (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + "\n".join(lines)
        + "\n="
        + _rand(rng, B64, 4)
        + "\n-----END PGP PRIVATE KEY BLOCK-----"
    )


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def make_jwt(rng: random.Random, alg: str = "HS256") -> str:
    header = b64url(json.dumps({"alg": alg, "typ": "JWT"}).encode())
    claims = {
        "sub": _rand(rng, ALNUM, 12),
        "iat": 1700000000 + rng.randrange(10**6),
        "scope": "api",
    }
    payload = b64url(json.dumps(claims).encode())
    sig = "" if alg == "none" else b64url(rng.randbytes(32))
    return f"{header}.{payload}.{sig}"


URL_SYMBOLS = "!*+-_~.="  # legal unencoded in a URL's userinfo


def _password(rng: random.Random, sym: str = "!#%&*+-=?@^_~") -> str:
    while True:
        pw = _rand(rng, ALNUM + sym, rng.randrange(12, 21))
        if (
            any(c in sym for c in pw)
            and any(c.isdigit() for c in pw)
            and any(c.isupper() for c in pw)
        ):
            return pw


def structured_families() -> list[Family]:
    rng = random.Random(f"{SEED}/structured")
    fams = [
        Family("private-key-rsa", "private-key", ("private", "key"), _pem("RSA", rng), pem=True),
        Family("private-key-pkcs8", "private-key", ("private", "key"), _pem("", rng), pem=True),
        Family("private-key-ec", "private-key", ("signing", "key"), _pem("EC", rng), pem=True),
        Family(
            "private-key-openssh", "private-key", ("ssh", "key"), _pem("OPENSSH", rng), pem=True
        ),
        Family("private-key-dsa", "private-key", ("dsa", "key"), _pem("DSA", rng), pem=True),
        Family(
            "private-key-encrypted", "private-key", ("tls", "key"), _pem("ENCRYPTED", rng), pem=True
        ),
        Family("private-key-pgp", "private-key", ("pgp", "key"), _pgp(rng), pem=True),
        Family("jwt", "token", ("access", "token"), make_jwt(rng)),
        Family("jwt-rs256", "token", ("id", "token"), make_jwt(rng, "RS256")),
        Family(
            "url-password-postgres",
            "connection-string",
            ("database", "url"),
            f"postgres://app:{_password(rng, URL_SYMBOLS)}@db.internal:5432/app",
        ),
        Family(
            "url-password-mongodb",
            "connection-string",
            ("mongo", "uri"),
            f"mongodb+srv://svc:{_rand(rng, ALNUM, 24)}@cluster0.abcde.mongodb.net/prod",
        ),
        Family(
            "url-password-redis",
            "connection-string",
            ("cache", "url"),
            f"redis://default:{_rand(rng, ALNUM, 32)}@cache.internal:6379/0",
        ),
        Family(
            "url-password-amqp",
            "connection-string",
            ("broker", "url"),
            f"amqps://worker:{_password(rng, URL_SYMBOLS)}@mq.internal/vhost",
        ),
        Family(
            "url-password-https",
            "connection-string",
            ("repo", "url"),
            f"https://ci-bot:{_rand(rng, ALNUM, 20)}@git.corp.io/team/app.git",
        ),
    ]
    generic = [
        ("generic-password-db", ("db", "password"), _password),
        ("generic-password-admin", ("admin", "pass"), _password),
        ("generic-password-smtp", ("smtp", "pwd"), _password),
        ("generic-passphrase", ("key", "passphrase"), _password),
        ("generic-client-secret", ("client", "secret"), lambda r: _rand(r, ALNUM, 32)),
        ("generic-api-key", ("api", "key"), lambda r: _rand(r, ALNUM, 40)),
        ("generic-auth-token", ("auth", "token"), lambda r: _rand(r, ALNUM + "-_", 48)),
        ("generic-signing-key", ("signing", "key"), lambda r: _rand(r, B64, 43) + "="),
        (
            "generic-encryption-key",
            ("encryption", "key"),
            lambda r: _rand(r, "0123456789abcdef", 48),
        ),
        ("generic-access-token", ("access", "token"), lambda r: _rand(r, ALNUM, 36)),
        ("generic-app-secret", ("app", "secret"), lambda r: _rand(r, ALNUM + "+/", 30)),
        ("generic-webhook-secret", ("webhook", "secret"), lambda r: "whsec-" + _rand(r, ALNUM, 28)),
        ("generic-master-key", ("master", "key"), lambda r: _rand(r, ALNUM, 24)),
        ("generic-credentials", ("service", "credentials"), lambda r: _rand(r, ALNUM + "_", 40)),
    ]
    for fid, words, make in generic:
        fams.append(Family(fid, "generic", words, make(random.Random(f"{SEED}/{fid}"))))
    return fams


def provider_families() -> list[Family]:
    out = []
    for rule in load_rules():
        fam = _provider_family(rule)
        if fam is not None:
            out.append(fam)
    return out


def families() -> list[Family]:
    return provider_families() + structured_families()


# --------------------------------------------------------------------------- samples


def _assemble(
    syntax: str,
    parts: tuple[str, str, str, str],
    positive: bool,
    family: str,
    category: str,
    note: str = "",
) -> Sample:
    path, before, value, after = parts
    text = before + value + after
    first = before.count("\n") + 1
    last = first + value.count("\n")
    return Sample(path, syntax, text, positive, family, category, (first, last), note)


def positives(fams: Iterable[Family] | None = None) -> list[Sample]:
    out: list[Sample] = []
    for i, fam in enumerate(fams if fams is not None else families()):
        for j, (syntax, render) in enumerate(SYNTAXES.items()):
            if fam.pem:
                parts = _pem_multiline(syntax, fam.words, fam.value, i + j)
            elif syntax == "url-query" and urllib.parse.quote(fam.value, safe="-_.~") != fam.value:
                parts = None  # only values a URL carries verbatim; encoded ones are not decoded
            elif syntax in SLOT_SYNTAXES and (
                fam.category in {"connection-string", "token"}
                or "://" in fam.value
                or " " in fam.value
            ):
                parts = None
            else:
                parts = render(fam.words, fam.value, i + j)
            if parts is not None:
                out.append(_assemble(syntax, parts, True, fam.id, fam.category))
    return out


def _hex(rng: random.Random, n: int) -> str:
    return _rand(rng, "0123456789abcdef", n)


def _uuid(rng: random.Random) -> str:
    h = _hex(rng, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def known_examples() -> list[tuple[tuple[str, ...], str, str]]:
    """Keys printed in providers' documentation and RFC test vectors (assembled, not stored)."""
    aws_id = "AKIA" + "IOSFODNN7" + "EXAMPLE"
    aws_secret = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCY" + "EXAMPLEKEY"
    aws_id2 = "AKIA" + "I44QH8DHB" + "EXAMPLE"
    aws_secret2 = "je7MtGbClwBF/2Zp9Utk/" + "h3yCo8nvb" + "EXAMPLEKEY"
    jwt_io = (
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
        + "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
        + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
    )
    stripe_doc = "sk_" + "test_" + "4eC39HqLyjWDarjtT1zdp7dc"
    stripe_pub = "pk_" + "test_" + "TYooMQauvdEDq54NiTphI7jx"
    azurite = (
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/"
        + "KBHBeksoGMGw=="
    )
    emulator = (
        "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey="
        + azurite
        + ";BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
    )
    rfc7519 = (
        "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9."
        + "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ."
        + "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    )
    slack_doc = "xoxb-" + "17653672481-19874698323-" + "pdFZKVeTuE8sk7oOcBrzbqgy"
    github_doc = "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
    return [
        (("azure", "storage", "connection"), emulator, "doc-example"),
        (("id", "token"), rfc7519, "doc-example"),
        (("slack", "bot", "token"), slack_doc, "doc-example"),
        (("github", "token"), github_doc, "doc-example"),
        (("aws", "access", "key", "id"), aws_id, "doc-example"),
        (("aws", "secret", "access", "key"), aws_secret, "doc-example"),
        (("aws", "access", "key", "id"), aws_id2, "doc-example"),
        (("aws", "secret", "access", "key"), aws_secret2, "doc-example"),
        (("access", "token"), jwt_io, "doc-example"),
        (("stripe", "secret", "key"), stripe_doc, "doc-example"),
        (("stripe", "publishable", "key"), stripe_pub, "doc-example"),
        # RFC 6070 (PBKDF2) and RFC 7914 (scrypt) inputs, RFC 4231 HMAC key, RFC 6238 seed.
        (("password",), "passwordPASSWORDpassword", "test-vector"),
        (("password",), "pleaseletmein", "test-vector"),
        (("hmac", "key"), "0b" * 20, "test-vector"),
        (("totp", "secret"), "12345678901234567890", "test-vector"),
        (("aes", "key"), "000102030405060708090a0b0c0d0e0f", "test-vector"),
        (("aes", "key"), "2b7e1516" + "28aed2a6abf7158809cf4f3c", "test-vector"),
        (
            ("encryption", "key"),
            "603deb10" + "15ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
            "test-vector",
        ),
    ]


def generic_lookalikes() -> list[tuple[tuple[str, ...], str, str]]:
    """(name words, value, kind): what credential-named assignments hold that is not a secret."""
    rng = random.Random(f"{SEED}/lookalikes")
    return [
        (("client", "id"), _uuid(rng), "uuid"),
        (("idempotency", "key"), _uuid(rng), "uuid"),
        (("tracking", "token", "id"), _uuid(rng), "uuid"),
        (("commit", "sha"), _hex(rng, 40), "hash"),
        (("password", "hash"), _hex(rng, 64), "hash"),
        (("secret", "digest"), _hex(rng, 64), "hash"),
        (("checksum",), "sha256:" + _hex(rng, 64), "hash"),
        (("key", "fingerprint"), ":".join(_hex(rng, 2) for _ in range(16)), "hash"),
        (("integrity",), "sha512-" + base64.b64encode(rng.randbytes(64)).decode(), "integrity"),
        (("password",), "$2b$12$" + _rand(rng, ALNUM + "./", 53), "password-hash"),
        (
            ("admin", "password"),
            "$argon2id$v=19$m=65536,t=3,p=4$" + _rand(rng, B64, 22) + "$" + _rand(rng, B64, 43),
            "password-hash",
        ),
        (
            ("password",),
            "pbkdf2_sha256$600000$" + _rand(rng, ALNUM, 22) + "$" + _rand(rng, B64, 43) + "=",
            "password-hash",
        ),
        (
            ("user", "password"),
            "$6$" + _rand(rng, ALNUM, 16) + "$" + _rand(rng, ALNUM + "./", 86),
            "password-hash",
        ),
        (("ldap", "password"), "{SSHA}" + _rand(rng, B64, 32), "password-hash"),
        (("token", "version"), "2.14.0-rc.1", "version"),
        (("api", "key", "version"), "v1.15.2", "version"),
        (("api", "key"), "${API_KEY}", "placeholder"),
        (("api", "key"), "{{ .Values.apiKey }}", "placeholder"),
        (("api", "key"), "<your-api-key>", "placeholder"),
        (("api", "key"), "xxxxxxxxxxxxxxxxxxxxxxxx", "placeholder"),
        (("password",), "changeme", "placeholder"),
        (("secret", "key"), "YOUR_SECRET_KEY_HERE", "placeholder"),
        (("db", "password"), "%(db_password)s", "placeholder"),
        (("auth", "token"), "$AUTH_TOKEN", "placeholder"),
        (("client", "secret"), "********", "placeholder"),
        (("password",), "<REDACTED>", "placeholder"),
        (("secret",), "replace-me-before-deploy", "placeholder"),
        (("github", "token"), "${{ secrets.GITHUB_TOKEN }}", "placeholder"),
        (("api", "token"), "%API_TOKEN%", "placeholder"),
        (("secret",), "#{app_secret}", "placeholder"),
        (("password",), "{{password}}", "placeholder"),
        (("password",), "abcdefgh12345678", "sequence"),
        (("password",), "12345678", "sequence"),
        (("password",), "qwerty123", "sequence"),
        (("secret", "key"), "0123456789abcdef", "sequence"),
        (("password",), "password", "word"),
        (("secret",), "my-app-secret-name", "word"),
        (("token", "type"), "bearer", "word"),
        (("password", "field"), "userPassword", "word"),
        (("api", "key", "header"), "X-Api-Key", "word"),
        (("secret", "name"), "prod/db/password", "word"),
        (("auth",), "oauth2", "word"),
        (("password", "label"), "Enter your password", "word"),
        (("token", "url"), "https://oauth2.googleapis.com/token", "word"),
        (("password", "file"), "/run/secrets/db_password", "word"),
        (
            ("secret", "ref"),
            "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db",
            "reference",
        ),
        (("password",), "os.environ['DB_PASSWORD']", "code"),
        (("token",), "process.env.GITHUB_TOKEN", "code"),
        (("api", "key"), "settings.API_KEY", "code"),
        (("secret",), "getSecret('app')", "code"),
        (("password",), "request.form.get('password')", "code"),
        (("password", "min", "length"), "12", "number"),
        (("database", "url"), "postgres://app:${DB_PASSWORD}@db:5432/app", "url"),
        (("database", "url"), "postgres://user:password@localhost/db", "url"),
        (("broker", "url"), "amqp://guest:guest@localhost:5672/", "url"),
        (("repo", "url"), "https://${GIT_USER}:${GIT_TOKEN}@github.com/org/repo.git", "url"),
        (("cache", "url"), "redis://:@localhost:6379/0", "url"),
        (("access", "token"), make_jwt(rng, "none"), "jwt-none"),
        (("password", "pattern"), "^(?=.*[A-Z])(?=.*\\d).{12,}$", "regex"),
        (("password", "rules"), "^(?=.*[a-z])(?=.*[0-9])[A-Za-z0-9!@#]{8,64}$", "regex"),
        (("secret", "rotated", "at"), "2024-05-06T10:20:30Z", "timestamp"),
        (("token", "issued"), "2023-11-02 08:15:00+01:00", "timestamp"),
        (("password",), "P@ssw0rd", "common-password"),
        (("admin", "password"), "Passw0rd!", "common-password"),
        (("db", "password"), "admin123", "common-password"),
        (("password",), "hunter2", "common-password"),
        (("csrf", "token"), _rand(rng, ALNUM, 40), "csrf"),
        (("cache", "key"), "user:" + _hex(rng, 12) + ":profile", "key-name"),
        (("object", "key"), "uploads/2024/05/" + _rand(rng, ALNUM, 12) + ".png", "key-name"),
        (("sort", "key"), "createdAt#2024-05-06", "key-name"),
        (("translation", "key"), "auth.login.title", "key-name"),
        (("partition", "key"), "tenant-" + _hex(rng, 10), "key-name"),
        (("idempotency", "key"), "order-" + _hex(rng, 16), "key-name"),
        (("primary", "key"), "account_id", "key-name"),
        (("jwt", "algorithm"), "HS256", "config-value"),
        (("key", "vault", "name"), "kv-prod-weu-01", "config-value"),
        (("encryption", "key", "alias"), "alias/app-key", "config-value"),
        (
            ("kms", "key", "arn"),
            "arn:aws:kms:eu-west-1:123456789012:key/" + _uuid(rng),
            "config-value",
        ),
        (("gpg", "key", "id"), _hex(rng, 16).upper(), "config-value"),
        (("auth", "token", "ttl"), "3600s", "config-value"),
        (("webhook", "secret", "header"), "X-Hub-Signature-256", "config-value"),
        (("db", "password"), "${DB_PASSWORD:?required}", "config-value"),
        (("token", "audience"), "api://default", "config-value"),
        (("api", "key", "prefix"), "sk_live_", "config-value"),
        (
            ("secret", "key", "ref"),
            "projects/prod-123/secrets/api-key/versions/latest",
            "reference",
        ),
        (("token",), "op://Private/github/token", "reference"),
        (("api", "key"), "ENC[AES256_GCM,data:" + _rand(rng, B64, 32) + ",type:str]", "reference"),
        (
            ("public", "key"),
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _rand(rng, B64, 43) + " ci@build",
            "public-key",
        ),
        *known_examples(),
    ]


def _family_lookalikes(fam: Family) -> list[tuple[tuple[str, ...], str, str]]:
    """The family's own value masked, templated and hinted: what docs and templates hold."""
    masked = re.sub(r"[A-Za-z0-9]", "x", fam.value)
    # keep literal prefixes (letters before the first _ or -) so the mask still looks like the format
    m = re.match(r"^([A-Za-z]{2,8}[_-])", fam.value)
    if m:
        masked = m.group(1) + masked[len(m.group(1)) :]
    name = upper(fam.words)
    keep = len(m.group(1)) if m else 0
    walk = iter(itertools.cycle("0123456789abcdefghijklmnopqrstuvwxyz"))
    sequence = fam.value[:keep] + re.sub(
        r"[A-Za-z0-9]", lambda _c: next(walk), fam.value[keep:]
    )  # docs: ghp_0123456789abcdef…
    out = [
        (fam.words, masked, "masked"),
        (fam.words, sequence, "sequence-body"),
        (fam.words, "${" + name + "}", "placeholder"),
        (fam.words, "<your-" + kebab(fam.words) + ">", "placeholder"),
        (fam.words, "{{ .Values." + camel(fam.words) + " }}", "placeholder"),
    ]
    if fam.context:
        # The provider's name on an identifier or digest of the same shape (HEROKU_APP_ID).
        rng = random.Random(f"{SEED}/id/{fam.id}")
        shuffled = "".join(rng.sample(fam.value, len(fam.value)))
        suffix = rng.choice(("id", "url", "checksum", "version", "region", "hash"))
        base = tuple(w for w in fam.words if w not in {"key", "token", "secret", "password"})
        out.append(((*base, suffix), shuffled, "provider-identifier"))
    return out


def _pem_lookalikes() -> list[tuple[str, str]]:
    rng = random.Random(f"{SEED}/pem-lookalikes")
    body = "\n".join(_rand(rng, B64, 64) for _ in range(6))
    return [
        ("public-key", "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----"),
        ("certificate", "-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----"),
        (
            "elided",
            "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n...\n-----END RSA PRIVATE KEY-----",
        ),
        (
            "placeholder",
            "-----BEGIN PRIVATE KEY-----\n<your private key here>\n-----END PRIVATE KEY-----",
        ),
        ("broken", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"),
    ]


LOCKFILES: list[tuple[str, str, Callable[[random.Random], str]]] = [
    (
        "xml-attr",
        "login.html",
        lambda r: '<input type="password" name="password" autocomplete="current-password">\n',
    ),
    ("json", "postman.json", lambda r: '{"key": "Content-Type", "value": "application/json"}\n'),
    (
        "json",
        "en.json",
        lambda r: '{"passwordTooShort": "Password must be at least 8 characters"}\n',
    ),
    (
        "yaml",
        "vars.yml",
        lambda r: "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  " + _hex(r, 64) + "\n",
    ),
    ("js", "app.js", lambda r: 'const cfg = { secretKey: process.env.SECRET_KEY || "" };\n'),
    ("ts", "env.ts", lambda r: "export const apiKey = import.meta.env.VITE_API_KEY;\n"),
    ("sh", "setup.sh", lambda r: 'export GITHUB_TOKEN="$(gh auth token)"\n'),
    ("py", "cli.py", lambda r: 'password = getpass.getpass("Password: ")\n'),
    (
        "yaml",
        ".github/workflows/ci.yml",
        lambda r: "env:\n  NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n",
    ),
    (
        "k8s",
        "deploy.yaml",
        lambda r: (
            "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password\n"
        ),
    ),
    (
        "json",
        "package-lock.json",
        lambda r: (
            '{\n  "packages": {\n    "node_modules/left-pad": {\n      "version": "1.3.0",\n      "resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",\n      "integrity": "sha512-'
            + base64.b64encode(r.randbytes(64)).decode()
            + '"\n    }\n  }\n}\n'
        ),
    ),
    (
        "yaml",
        "yarn.lock",
        lambda r: (
            'left-pad@^1.3.0:\n  version "1.3.0"\n  resolved "https://registry.yarnpkg.com/left-pad/-/left-pad-1.3.0.tgz#'
            + _hex(r, 40)
            + '"\n  integrity sha512-'
            + base64.b64encode(r.randbytes(64)).decode()
            + "\n"
        ),
    ),
    (
        "yaml",
        "pnpm-lock.yaml",
        lambda r: (
            "packages:\n  /left-pad@1.3.0:\n    resolution: {integrity: sha512-"
            + base64.b64encode(r.randbytes(64)).decode()
            + "}\n"
        ),
    ),
    (
        "go",
        "go.sum",
        lambda r: (
            "golang.org/x/text v0.14.0 h1:"
            + base64.b64encode(r.randbytes(32)).decode()
            + "\ngolang.org/x/text v0.14.0/go.mod h1:"
            + base64.b64encode(r.randbytes(32)).decode()
            + "\n"
        ),
    ),
    (
        "toml",
        "Cargo.lock",
        lambda r: (
            '[[package]]\nname = "serde"\nversion = "1.0.193"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "'
            + _hex(r, 64)
            + '"\n'
        ),
    ),
    (
        "toml",
        "poetry.lock",
        lambda r: (
            '[[package]]\nname = "requests"\nversion = "2.31.0"\nfiles = [\n    {file = "requests-2.31.0.tar.gz", hash = "sha256:'
            + _hex(r, 64)
            + '"},\n]\n'
        ),
    ),
    (
        "json",
        "Pipfile.lock",
        lambda r: (
            '{\n  "default": {\n    "requests": {\n      "hashes": [\n        "sha256:'
            + _hex(r, 64)
            + '"\n      ],\n      "version": "==2.31.0"\n    }\n  }\n}\n'
        ),
    ),
    (
        "sh",
        "requirements.txt",
        lambda r: "requests==2.31.0 \\\n    --hash=sha256:" + _hex(r, 64) + "\n",
    ),
    (
        "json",
        "composer.lock",
        lambda r: (
            '{\n  "packages": [\n    {"name": "monolog/monolog", "dist": {"shasum": "'
            + _hex(r, 40)
            + '", "reference": "'
            + _hex(r, 40)
            + '"}}\n  ]\n}\n'
        ),
    ),
    ("rb", "Gemfile.lock", lambda r: "CHECKSUMS\n  rake (13.1.0) sha256=" + _hex(r, 64) + "\n"),
    (
        "json",
        "docker-config-empty.json",
        lambda r: '{\n  "auths": {\n    "ghcr.io": {}\n  },\n  "credsStore": "desktop"\n}\n',
    ),
    ("npmrc", ".npmrc", lambda r: "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n"),
    (
        "k8s",
        "configmap.yaml",
        lambda r: (
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  LOG_LEVEL: info\n  FEATURE_FLAGS: "
            + base64.b64encode(b"search,export").decode()
            + "\n"
        ),
    ),
    (
        "k8s",
        "secret-ref.yaml",
        lambda r: (
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  password: "
            + base64.b64encode(b"changeme").decode()
            + "\n"
        ),
    ),
    (
        "k8s",
        "secret-key-ref.yaml",
        lambda r: (
            "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-secret\n        key: password\n"
        ),
    ),
]


def negatives(fams: list[Family] | None = None) -> list[Sample]:
    out: list[Sample] = []
    names = list(SYNTAXES.items())
    for i, (words, value, kind) in enumerate(generic_lookalikes()):
        for j, (syntax, render) in enumerate(names):
            if syntax in SLOT_SYNTAXES and kind != "placeholder":
                continue
            out.append(
                _assemble(
                    syntax,
                    render(words, value, _style(syntax, i + j, False)),
                    False,
                    f"lookalike-{kind}",
                    kind,
                    value,
                )
            )
    for i, fam in enumerate(fams if fams is not None else families()):
        if fam.pem:
            continue
        for j, (words, value, kind) in enumerate(_family_lookalikes(fam)):
            syntax, render = names[(i * 5 + j) % len(names)]
            if kind == "provider-identifier" and syntax in SLOT_SYNTAXES:
                syntax, render = "env", SYNTAXES["env"]  # a credential file's slot is a credential
            parts = render(words, value, _style(syntax, i + j, False))
            out.append(_assemble(syntax, parts, False, fam.id, kind, value))
    for i, (kind, pem) in enumerate(_pem_lookalikes()):
        for j, syntax in enumerate(SYNTAXES):
            parts = _pem_multiline(syntax, ("tls", "key"), pem, i + j)
            if parts is not None:
                out.append(_assemble(syntax, parts, False, f"lookalike-pem-{kind}", "pem", kind))
    for i, (syntax, path, make) in enumerate(LOCKFILES):
        text = make(random.Random(f"{SEED}/lock/{i}"))
        out.append(
            Sample(
                path,
                syntax,
                text,
                False,
                "lookalike-lockfile",
                "lockfile",
                (1, text.count("\n") + 1),
                path,
            )
        )
    return out


# --------------------------------------------------------------------------- scoring


@dataclass
class Tally:
    tp: int = 0
    fn: int = 0
    fp: int = 0
    tn: int = 0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def fpr(self) -> float:
        return self.fp / (self.fp + self.tn) if self.fp + self.tn else 0.0


@dataclass
class Result:
    overall: Tally = field(default_factory=Tally)
    by_syntax: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    by_category: dict[str, dict[str, Tally]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(Tally))
    )
    families: set[str] = field(default_factory=set)
    misses: list[Sample] = field(default_factory=list)
    false_alarms: list[tuple[Sample, list[Finding]]] = field(default_factory=list)
    stray: list[tuple[Sample, list[Finding]]] = field(default_factory=list)


def scan(analyzer: SecretsAnalyzer, ctx: AnalysisContext, sample: Sample) -> list[Finding]:
    data = sample.text.encode()
    src = SourceFile(sample.path, sample.path, len(data), None)
    return list(analyzer.analyze_file(FileContent(src, data, "utf-8"), ctx))


def _hits(f: Finding, lines: tuple[int, int]) -> bool:
    end = f.location.end_line or f.location.line
    return f.location.line <= lines[1] and end >= lines[0]


def evaluate(samples: Iterable[Sample], analyzer: SecretsAnalyzer | None = None) -> Result:
    analyzer = analyzer or SecretsAnalyzer()
    ctx = AnalysisContext(Target(Path(".")), "secrets")
    res = Result()
    for s in samples:
        findings = scan(analyzer, ctx, s)
        if s.positive:
            res.families.add(s.family)
            found = any(_hits(f, s.lines) for f in findings)
            stray = [f for f in findings if not _hits(f, s.lines)]
            if stray:
                res.stray.append((s, stray))
            for t in (res.overall, res.by_syntax[s.syntax], res.by_category[s.category][s.syntax]):
                if found:
                    t.tp += 1
                else:
                    t.fn += 1
            if not found:
                res.misses.append(s)
        else:
            for t in (res.overall, res.by_syntax[s.syntax]):
                if findings:
                    t.fp += 1
                else:
                    t.tn += 1
            if findings:
                res.false_alarms.append((s, findings))
    return res


def table(res: Result) -> str:
    """Per-syntax figures, then recall by rule category × syntax (— where nothing was planted)."""
    out = [f"{'syntax':<14}{'positives':>10}{'recall':>9}{'negatives':>11}{'FP':>5}{'FPR':>8}"]
    for syntax in SYNTAXES:
        t = res.by_syntax[syntax]
        out.append(
            f"{syntax:<14}{t.tp + t.fn:>10}{t.recall:>9.4f}{t.fp + t.tn:>11}{t.fp:>5}{t.fpr:>8.4f}"
        )
    o = res.overall
    out.append(
        f"{'ALL':<14}{o.tp + o.fn:>10}{o.recall:>9.4f}{o.fp + o.tn:>11}{o.fp:>5}{o.fpr:>8.4f}"
    )
    out.append(f"families: {len(res.families)}; stray findings in positive files: {len(res.stray)}")
    out.append("")
    short = [s[:5] for s in SYNTAXES]
    out.append(f"{'category':<18}" + "".join(f"{s:>6}" for s in short))
    for cat in sorted(res.by_category):
        row = res.by_category[cat]
        cells = "".join(f"{row[s].recall:>6.2f}" if s in row else f"{'—':>6}" for s in SYNTAXES)
        out.append(f"{cat:<18}{cells}")
    return "\n".join(out)


def digest(samples: Iterable[Sample]) -> str:
    """Identity of a corpus build: equal digests mean byte-identical files."""
    h = hashlib.sha256()
    for s in samples:
        h.update(f"{s.path}\x00{s.positive}\x00{s.text}\x00".encode())
    return h.hexdigest()
