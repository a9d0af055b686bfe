# stockade-expect: safe CWE-22
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


@app.route("/benchmark/BenchmarkTest00107", methods=["GET", "POST"])
def benchmark_test_00107():
    RESPONSE = ""
    values = request.args.getlist("BenchmarkTest")
    param = values[0] if values else ""
    guess = "ABC"
    match guess[0]:
        case "B":
            bar = param
        case "A":
            bar = "bobs_your_uncle"
        case _:
            bar = param
    file_name = f"{TESTFILES_DIR}/{bar}"
    with open(file_name, "r") as handle:
        RESPONSE += escape(handle.read())
    return RESPONSE
