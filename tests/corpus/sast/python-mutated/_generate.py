"""Generator of a blind Python corpus in the shape of OWASP BenchmarkPython and its mutated
variants: one Flask view per file, a request source, a data flow, a sink; each vulnerable
program has safe look-alikes (constant, dead branch, overwritten value, safe collection
element, sanitized, safe sink API). Written before Stockade was run on it; the labels follow
what the program does at run time, not what any tool reports.

Run from this directory: ``python _generate.py`` (deterministic).
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

OUT = Path(__file__).parent

SOURCES = [
    'param = request.args.get("BenchmarkTest")\nif not param:\n    param = ""',
    'param = request.form.get("BenchmarkTest", "")',
    'param = request.headers.get("BenchmarkTest")\nif param is None:\n    param = ""',
    'param = request.cookies.get("BenchmarkTest", "noCookieValueSupplied")',
    'values = request.args.getlist("BenchmarkTest")\nparam = values[0] if values else ""',
    'param = ""\nfor name in request.headers.keys():\n    if name.lower() in ("host", "accept", "user-agent"):\n        continue\n    param = name\n    break',
    'query = request.query_string.decode()\nparam = urllib.parse.unquote(query.split("=", 1)[1]) if "=" in query else ""',
]

# flow name -> (vulnerable lines, safe lines); both assign ``bar``
FLOWS: dict[str, tuple[str, str]] = {
    "direct": ("bar = param", 'bar = "This should always be safe"'),
    "configparser": (
        'conf = configparser.ConfigParser()\nconf.add_section("section")\n'
        'conf.set("section", "keyA", "a_Value")\nconf.set("section", "keyB", param)\n'
        'bar = conf.get("section", "keyB")',
        'conf = configparser.ConfigParser()\nconf.add_section("section")\n'
        'conf.set("section", "keyA", "a_Value")\nconf.set("section", "keyB", param)\n'
        'bar = conf.get("section", "keyA")',
    ),
    "list_pop": (
        'values = ["safe", param, "moresafe"]\nvalues.pop(0)\nbar = values[0]',
        'values = ["safe", param, "moresafe"]\nvalues.pop(0)\nbar = values[1]',
    ),
    "dict": (
        'mapping = {"keyA": "a-Value", "keyB": param, "keyC": "another-Value"}\nbar = mapping["keyB"]',
        'mapping = {"keyA": "a-Value", "keyB": param, "keyC": "another-Value"}\nbar = mapping.get("keyA")',
    ),
    "const_branch": (
        'num = 106\nif (7 * 42) - num > 200:\n    bar = "This_should_always_happen"\nelse:\n    bar = param',
        'num = 86\nif (7 * 42) - num > 200:\n    bar = "This_should_always_happen"\nelse:\n    bar = param',
    ),
    "ternary": (
        'num = 106\nbar = param if (7 * 18) + num > 200 else "This_should_always_happen"',
        'num = 0\nbar = param if (7 * 18) + num > 200 else "This_should_always_happen"',
    ),
    "base64": (
        "bar = base64.b64decode(base64.b64encode(param.encode())).decode()",
        'encoded = base64.b64encode(param.encode())\nbar = base64.b64decode(base64.b64encode(b"safe")).decode()',
    ),
    "helper": (
        "bar = do_something(param)",
        "bar = do_nothing(param)",
    ),
    "match": (
        'guess = "ABC"\nmatch guess[1]:\n    case "A":\n        bar = param\n    case "B":\n        bar = param\n    case _:\n        bar = "bob"',
        'guess = "ABC"\nmatch guess[0]:\n    case "B":\n        bar = param\n    case "A":\n        bar = "bobs_your_uncle"\n    case _:\n        bar = param',
    ),
    "class_field": ("bar = Holder(param).value", 'bar = Holder("constant-value").value'),
    "format": (
        'bar = "{0} and {1}".format("prefix", param)',
        'bar = "{0} and {1}".format("prefix", "suffix")',
    ),
    "overwrite": ('bar = "initial"\nbar = param', 'bar = param\nbar = "This_should_always_happen"'),
    "fstring_pep701": (
        'bar = f"{"-".join([param, "x"])}"',
        'bar = f"{"-".join(["safe", "x"])}"',
    ),
    "loop_join": (
        'parts = []\nfor piece in param.split(","):\n    parts.append(piece.strip())\nbar = ",".join(parts)',
        'parts = []\nfor piece in param.split(","):\n    parts.append(piece.strip())\nbar = ",".join(["a", "b"])',
    ),
}

HELPERS = '''
def do_something(value):
    stripped = value.strip()
    return stripped


def do_nothing(value):
    return "constant"


class Holder:
    def __init__(self, value):
        self.value = value
'''

# category -> (cwe, sink lines using ``bar``, sanitizer expression over ``bar`` or None,
#              safe-sink lines with the same tainted ``bar`` or None)
SINKS: dict[str, tuple[str, str, str | None, str | None]] = {
    "sqli": (
        "CWE-89",
        'sql = f"SELECT username FROM users WHERE password = \'{bar}\'"\n'
        "con = sqlite3.connect(DB)\ncur = con.cursor()\ncur.execute(sql)\n"
        'RESPONSE += str(cur.fetchall())\ncon.close()',
        "str(int(bar)) if bar.isdigit() else \"0\"",
        'con = sqlite3.connect(DB)\ncur = con.cursor()\n'
        'cur.execute("SELECT username FROM users WHERE password = ?", (bar,))\n'
        'RESPONSE += str(cur.fetchall())\ncon.close()',
    ),
    "cmdi": (
        "CWE-78",
        'result = subprocess.run(f"echo {bar}", shell=True, capture_output=True, text=True)\n'
        "RESPONSE += escape(result.stdout)",
        "shlex.quote(bar)",
        'result = subprocess.run(["echo", bar], capture_output=True, text=True)\n'
        "RESPONSE += escape(result.stdout)",
    ),
    "cmdi_os": ("CWE-78", 'os.system("ls -la " + bar)', "shlex.quote(bar)", None),
    "pathtraver": (
        "CWE-22",
        'file_name = f"{TESTFILES_DIR}/{bar}"\nwith open(file_name, "r") as handle:\n'
        '    RESPONSE += escape(handle.read())',
        "os.path.basename(bar)",
        None,
    ),
    "codeinj": ("CWE-94", "RESPONSE += escape(str(eval(bar)))", "str(int(bar)) if bar.isdigit() else \"0\"", None),
    "codeinj_exec": ("CWE-94", 'exec(f"result = {bar}")', "repr(bar)", None),
    "xss": (
        "CWE-79",
        'RESPONSE += f"Parameter value: {bar}"',
        "escape(bar)",
        None,
    ),
    "deserialization": (
        "CWE-502",
        "obj = pickle.loads(base64.b64decode(bar))\nRESPONSE += escape(str(obj))",
        None,
        "obj = json.loads(base64.b64decode(bar))\nRESPONSE += escape(str(obj))",
    ),
    "yaml": (
        "CWE-502",
        "obj = yaml.load(bar, Loader=yaml.Loader)\nRESPONSE += escape(str(obj))",
        None,
        "obj = yaml.safe_load(bar)\nRESPONSE += escape(str(obj))",
    ),
    "ldapi": (
        "CWE-90",
        'server = ldap3.Server("ldap://localhost")\nconn = ldap3.Connection(server, auto_bind=True)\n'
        'conn.search("dc=example,dc=org", f"(&(objectclass=person)(uid={bar}))")\n'
        "RESPONSE += escape(str(conn.entries))",
        "escape_filter_chars(bar)",
        None,
    ),
    "xpathi": (
        "CWE-643",
        'root = lxml.etree.parse(f"{TESTFILES_DIR}/employees.xml")\n'
        'nodes = root.xpath(f"/Employees/Employee[@emplid=\'{bar}\']")\n'
        "RESPONSE += escape(str(nodes))",
        None,
        'root = lxml.etree.parse(f"{TESTFILES_DIR}/employees.xml")\n'
        'nodes = root.xpath("/Employees/Employee[@emplid=$id]", id=bar)\n'
        "RESPONSE += escape(str(nodes))",
    ),
    "xxe": (
        "CWE-611",
        "parser = lxml.etree.XMLParser(resolve_entities=True)\n"
        "doc = lxml.etree.fromstring(bar.encode(), parser)\nRESPONSE += escape(doc.text or \"\")",
        None,
        "doc = defusedxml.ElementTree.fromstring(bar)\nRESPONSE += escape(doc.text or \"\")",
    ),
    "redirect": ("CWE-601", "return flask.redirect(bar)", None, 'return flask.redirect(flask.url_for("index", next=bar))'),
    "trustbound": ("CWE-501", 'flask.session["userid"] = bar\nRESPONSE += "stored"', None, None),
    "ssrf": (
        "CWE-918",
        "reply = requests.get(bar, timeout=5)\nRESPONSE += escape(reply.text)",
        None,
        'reply = requests.get("https://api.example.com/items/" + urllib.parse.quote(bar), timeout=5)\n'
        "RESPONSE += escape(reply.text)",
    ),
    "ssti": (
        "CWE-1336",
        'RESPONSE += flask.render_template_string("<p>Hello " + bar + "</p>")',
        None,
        'RESPONSE += flask.render_template_string("<p>Hello {{ name }}</p>", name=bar)',
    ),
    "nosqli": (
        "CWE-943",
        'found = mongo.db.users.find_one({"$where": "this.name == \'" + bar + "\'"})\n'
        "RESPONSE += escape(str(found))",
        None,
        'found = mongo.db.users.find_one({"name": str(bar)})\nRESPONSE += escape(str(found))',
    ),
    "redos": ("CWE-1333", 'matched = re.match(bar, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!")\nRESPONSE += str(bool(matched))', "re.escape(bar)", None),
    "loginj": ("CWE-117", 'logging.getLogger("app").warning(f"login failed for {bar}")', 'bar.replace("\\r", "").replace("\\n", "")', None),
}

PRELUDE = '''import base64
import configparser
import json
import logging
import os
import pickle
import re
import shlex
import sqlite3
import subprocess
import urllib.parse

import defusedxml.ElementTree
import flask
import ldap3
import lxml.etree
import requests
import yaml
from flask import request
from flask_pymongo import PyMongo
from ldap3.utils.conv import escape_filter_chars
from markupsafe import escape

app = flask.Flask(__name__)
mongo = PyMongo(app)
DB = "benchmark.db"
TESTFILES_DIR = "/srv/testfiles"
'''


def program(verdict: str, cwe: str, number: int, source: str, flow: str, sink: str) -> str:
    route = f"/benchmark/BenchmarkTest{number:05d}"
    body = "\n".join(
        [
            'RESPONSE = ""',
            source,
            flow,
            sink,
            "" if "return " in sink.splitlines()[-1] else "return RESPONSE",
        ]
    )
    view = (
        f'@app.route("{route}", methods=["GET", "POST"])\n'
        f"def benchmark_test_{number:05d}():\n" + textwrap.indent(body.strip(), "    ") + "\n"
    )
    return f"# stockade-expect: {verdict} {cwe}\n{PRELUDE}{HELPERS}\n\n{view}"


def main() -> None:
    for child in OUT.iterdir():
        if child.is_dir():
            shutil.rmtree(child)
    number = 0
    for category, (cwe, sink, sanitizer, safe_sink) in SINKS.items():
        folder = OUT / category
        folder.mkdir()
        for index, (flow_name, (vulnerable, safe)) in enumerate(FLOWS.items()):
            source = SOURCES[(index + len(category)) % len(SOURCES)]
            number += 1
            (folder / f"{flow_name}_vuln.py").write_text(
                program("vulnerable", cwe, number, source, vulnerable, sink)
            )
            number += 1
            (folder / f"{flow_name}_safe.py").write_text(
                program("safe", cwe, number, source, safe, sink)
            )
        if sanitizer is not None:
            number += 1
            flow = FLOWS["dict"][0] + f"\nbar = {sanitizer}"
            (folder / "sanitized_safe.py").write_text(
                program("safe", cwe, number, SOURCES[number % len(SOURCES)], flow, sink)
            )
        if safe_sink is not None:
            number += 1
            (folder / "safe_sink_safe.py").write_text(
                program("safe", cwe, number, SOURCES[number % len(SOURCES)], FLOWS["list_pop"][0], safe_sink)
            )
    pattern_cases(number)


PATTERNS = {
    "weakhash": (
        "CWE-328",
        'digest = hashlib.md5(param.encode()).hexdigest()\nRESPONSE += "hash stored"\nsave_password(digest)',
        'digest = hashlib.sha256(param.encode()).hexdigest()\nRESPONSE += "hash stored"\nsave_password(digest)',
    ),
    "weakhash_sha1": (
        "CWE-328",
        'hasher = hashlib.new("sha1")\nhasher.update(param.encode())\nsave_password(hasher.hexdigest())',
        'hasher = hashlib.new("sha512")\nhasher.update(param.encode())\nsave_password(hasher.hexdigest())',
    ),
    "weakrand": (
        "CWE-330",
        'remember_me = str(random.random())[2:]\nflask.session["remember_me"] = remember_me\n'
        'RESPONSE += "remembered"',
        'remember_me = secrets.token_hex(16)\nflask.session["remember_me"] = remember_me\n'
        'RESPONSE += "remembered"',
    ),
    "weakrand_randint": (
        "CWE-330",
        'token = "".join(str(random.randint(0, 9)) for _ in range(12))\nflask.session["otp"] = token',
        'token = "".join(str(secrets.randbelow(10)) for _ in range(12))\nflask.session["otp"] = token',
    ),
    "securecookie": (
        "CWE-614",
        'response = flask.make_response("ok")\nresponse.set_cookie("SomeCookie", param, secure=False, httponly=True)\nreturn response',
        'response = flask.make_response("ok")\nresponse.set_cookie("SomeCookie", param, secure=True, httponly=True)\nreturn response',
    ),
}


def pattern_cases(number: int) -> None:
    prelude = PRELUDE.replace("import base64\n", "import base64\nimport hashlib\nimport random\nimport secrets\n")
    prelude += "\n\ndef save_password(digest):\n    return digest\n"
    for category, (cwe, vulnerable, safe) in PATTERNS.items():
        folder = OUT / category
        folder.mkdir()
        for verdict, lines in (("vulnerable", vulnerable), ("safe", safe)):
            number += 1
            text = program(verdict, cwe, number, SOURCES[number % len(SOURCES)], "", lines)
            text = text.replace(PRELUDE, prelude)
            (folder / f"{verdict}.py").write_text(text)


if __name__ == "__main__":
    main()
