# stockade-expect: safe CWE-90
import base64
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

def do_something(value):
    stripped = value.strip()
    return stripped


def do_nothing(value):
    return "constant"


class Holder:
    def __init__(self, value):
        self.value = value


@app.route("/benchmark/BenchmarkTest00281", methods=["GET", "POST"])
def benchmark_test_00281():
    RESPONSE = ""
    query = request.query_string.decode()
    param = urllib.parse.unquote(query.split("=", 1)[1]) if "=" in query else ""
    guess = "ABC"
    match guess[0]:
        case "B":
            bar = param
        case "A":
            bar = "bobs_your_uncle"
        case _:
            bar = param
    server = ldap3.Server("ldap://localhost")
    conn = ldap3.Connection(server, auto_bind=True)
    conn.search("dc=example,dc=org", f"(&(objectclass=person)(uid={bar}))")
    RESPONSE += escape(str(conn.entries))
    return RESPONSE
