"""A small project with one known problem for each module, shared by the job tests."""

from __future__ import annotations

SQLI = (
    "import sqlite3\n"
    "from flask import Flask, request\n"
    "app = Flask(__name__)\n\n"
    "@app.route('/user')\n"
    "def user():\n"
    "    name = request.args.get('name')\n"
    "    db = sqlite3.connect('app.db')\n"
    '    return str(db.execute("SELECT * FROM users WHERE name = \'" + name + "\'").fetchall())\n'
)
SPEC = (
    "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"
    "servers: [{url: 'http://api.example.com'}]\n"
    "paths:\n  /users/{id}:\n    delete:\n      parameters:\n"
    "        - {name: id, in: path, required: true, schema: {type: integer}}\n"
    "      responses: {'204': {description: gone}}\n"
)
# Assembled at run time so that the repository itself holds no key-shaped string.
FAKE_AWS_KEY = "AKIA" + "Q3EGRZ7XKW4PLM2V"


def secret_line() -> str:
    return f'AWS_ACCESS_KEY_ID = "{FAKE_AWS_KEY}"\n'


def project_files() -> list[dict[str, str]]:
    """SQL injection (sast), an AWS key (secrets), an unauthenticated delete over http (api)
    and jinja2 2.10 (dependencies)."""
    return [
        {"path": "app.py", "content": SQLI},
        {"path": "settings.py", "content": secret_line()},
        {"path": "openapi.yaml", "content": SPEC},
        {"path": "requirements.txt", "content": "jinja2==2.10\n"},
    ]
