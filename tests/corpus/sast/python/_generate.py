"""One-off generator of the Python SAST corpus (vulnerable and safe twins per category)."""
import os, textwrap
from pathlib import Path

OUT = Path(__file__).parent

# category: (cwe, imports, sink template with {x}, sanitizer template with {x})
CATS = {
 "sqli": ("CWE-89", "import sqlite3\nconn = sqlite3.connect('app.db')", "conn.execute(\"SELECT * FROM users WHERE name = '\" + {x} + \"'\")", "int({x})"),
 "sqli_fmt": ("CWE-89", "from django.db import connection", "connection.cursor().execute(\"SELECT * FROM orders WHERE id = %s\" % {x})", "int({x})"),
 "cmdi": ("CWE-78", "import os", "os.system(\"nslookup \" + {x})", "shlex.quote({x})"),
 "cmdi_sub": ("CWE-78", "import subprocess", "subprocess.check_output(f\"grep {{{x}}} /var/log/app.log\", shell=True)", "shlex.quote({x})"),
 "code": ("CWE-95", "", "eval({x})", "int({x})"),
 "ssti": ("CWE-1336", "from flask import render_template_string", "render_template_string(\"<p>Hello \" + {x} + \"</p>\")", "str(len({x}))"),
 "xss": ("CWE-79", "from flask import make_response", "make_response(\"<div>\" + {x} + \"</div>\")", "markupsafe.escape({x})"),
 "path": ("CWE-22", "", "open(\"/var/data/\" + {x}).read()", "os.path.basename({x})"),
 "ssrf": ("CWE-918", "import requests", "requests.get({x}, timeout=5).text", "urllib.parse.quote({x})"),
 "redirect": ("CWE-601", "from flask import redirect", "redirect({x})", "urllib.parse.quote({x})"),
 "deser": ("CWE-502", "import pickle, base64", "pickle.loads(base64.b64decode({x}))", "int({x})"),
 "xxe": ("CWE-611", "from lxml import etree", "etree.fromstring({x})", "int({x})"),
 "ldap": ("CWE-90", "import ldap", "conn.search_s(\"ou=people,dc=example,dc=org\", ldap.SCOPE_SUBTREE, \"(cn=\" + {x} + \")\")", "escape_filter_chars({x})"),
 "xpath": ("CWE-643", "from lxml import etree", "doc.xpath(\"//account[@owner='\" + {x} + \"']\")", "int({x})"),
 "header": ("CWE-113", "from flask import make_response", "resp.headers[\"X-Trace\"] = {x}", "int({x})"),
 "log": ("CWE-117", "import logging", "logging.warning(\"failed login for \" + {x})", "{x}.replace(\"\\n\", \"\")"),
 "trust": ("CWE-501", "from flask import session", "session[\"username\"] = {x}", "int({x})"),
 "redos": ("CWE-1333", "import re", "re.compile({x})", "re.escape({x})"),
}
SOURCES = {
 "flask": ("from flask import Flask, request\napp = Flask(__name__)", "@app.route('/run')\ndef handler():", "request.args.get('v')"),
 "flaskform": ("from flask import Flask, request\napp = Flask(__name__)", "@app.route('/run', methods=['POST'])\ndef handler():", "request.form['v']"),
 "django": ("from django.http import HttpResponse", "def handler(request):", "request.GET.get('v')"),
 "fastapi": ("from fastapi import FastAPI\napp = FastAPI()", "@app.get('/run')\ndef handler(v: str):", "v"),
}
EXTRA_IMPORTS = "import ast, html, os, shlex, urllib.parse\nimport markupsafe\nfrom ldap.filter import escape_filter_chars"

def body(cat, lines):
    prelude = ""
    if cat == "header":
        prelude = "    resp = make_response('ok')\n"
    if cat == "ldap":
        prelude = "    conn = ldap.initialize('ldap://localhost')\n"
    if cat == "xpath":
        prelude = "    doc = etree.parse('accounts.xml')\n"
    return prelude + "".join(f"    {l}\n" for l in lines)

def program(cwe, verdict, cat, fw, lines):
    imp, sink_imp = SOURCES[fw][0], CATS[cat][1]
    head = SOURCES[fw][1]
    return (f"# stockade-expect: {verdict} {cwe}\n{EXTRA_IMPORTS}\n{sink_imp}\n{imp}\n\n\n{head}\n"
            + body(cat, lines) + "    return 'done'\n")

def variants(cat, fw):
    cwe, _, sink, san = CATS[cat]
    src = SOURCES[fw][2]
    s = lambda x: sink.format(x=x)
    yield "vuln_direct", "vulnerable", [s(src)]
    yield "vuln_flow", "vulnerable", [f"value = {src}", "parts = ['prefix', value]", "data = parts[1]", s("data")]
    yield "vuln_helper", "vulnerable", [f"data = passthrough({src})", s("data")]
    yield "vuln_branch", "vulnerable", [f"data = {src}", "if len(data) > 3:", f"    {s('data')}"]
    yield "safe_sanitized", "safe", [f"data = {san.format(x=src)}", s("data")]
    yield "safe_constant", "safe", ["data = 'report-2024'", s("data")]
    yield "safe_dead_branch", "safe", [f"data = {src}", "if 1 == 2:", f"    {s('data')}"]
    yield "safe_overwritten", "safe", [f"data = {src}", "data = 'fixed-value'", s("data")]
    yield "safe_collection", "safe", [f"items = [{src}, 'constant']", "data = items[1]", s("data")]
    yield "safe_dict_key", "safe", [f"cfg = {{'user': {src}, 'mode': 'read'}}", "data = cfg['mode']", s("data")]

HELPER = "\n\ndef passthrough(text):\n    return text.strip()\n"
PATTERN_CASES = {
 "weak_hash": ("CWE-328", "import hashlib\n\ndef fingerprint(password):\n    return hashlib.md5(password.encode()).hexdigest()\n",
                          "import hashlib\n\ndef fingerprint(password):\n    return hashlib.sha256(password.encode()).hexdigest()\n"),
 "weak_cipher": ("CWE-327", "from Crypto.Cipher import DES\n\ndef enc(key, data):\n    return DES.new(key, DES.MODE_ECB).encrypt(data)\n",
                            "from Crypto.Cipher import AES\n\ndef enc(key, data):\n    return AES.new(key, AES.MODE_GCM).encrypt(data)\n"),
 "random": ("CWE-330", "import random, string\n\ndef new_reset_token():\n    reset_token = ''.join(random.choice(string.ascii_letters) for _ in range(24))\n    return reset_token\n",
                       "import secrets\n\ndef new_reset_token():\n    reset_token = secrets.token_urlsafe(24)\n    return reset_token\n"),
 "tls": ("CWE-295", "import requests\n\ndef fetch(url):\n    return requests.get(url, verify=False, timeout=5)\n",
                    "import requests\n\ndef fetch(url):\n    return requests.get(url, timeout=5)\n"),
 "jwt": ("CWE-347", "import jwt\n\ndef claims(token):\n    return jwt.decode(token, options={'verify_signature': False})\n",
                    "import jwt\n\ndef claims(token, key):\n    return jwt.decode(token, key, algorithms=['HS256'])\n"),
 "cookie": ("CWE-614", "from flask import make_response\n\ndef login(sid):\n    resp = make_response('ok')\n    resp.set_cookie('sid', sid)\n    return resp\n",
                       "from flask import make_response\n\ndef login(sid):\n    resp = make_response('ok')\n    resp.set_cookie('sid', sid, secure=True, httponly=True, samesite='Lax')\n    return resp\n"),
 "debug": ("CWE-489", "from flask import Flask\napp = Flask(__name__)\n\nif __name__ == '__main__':\n    app.run(debug=True)\n",
                      "import os\nfrom flask import Flask\napp = Flask(__name__)\n\nif __name__ == '__main__':\n    app.run(debug=os.environ.get('APP_DEBUG') == '1')\n"),
 "yaml": ("CWE-502", "import yaml\n\ndef load(text):\n    return yaml.load(text, Loader=yaml.Loader)\n",
                     "import yaml\n\ndef load(text):\n    return yaml.safe_load(text)\n"),
}

def main():
    n = 0
    for cat in CATS:
        for fw in SOURCES:
            for name, verdict, lines in variants(cat, fw):
                code = program(CATS[cat][0], verdict, cat, fw, lines)
                if name == "vuln_helper":
                    code += HELPER
                p = OUT / cat / f"{fw}_{name}.py"
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(code)
                n += 1
    for cat, (cwe, bad, good) in PATTERN_CASES.items():
        d = OUT / cat
        d.mkdir(parents=True, exist_ok=True)
        (d / "vulnerable.py").write_text(f"# stockade-expect: vulnerable {cwe}\n{bad}")
        (d / "safe.py").write_text(f"# stockade-expect: safe {cwe}\n{good}")
        n += 2
    print(n, "cases")

main()
