# stockade-expect: safe CWE-113
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from django.http import HttpResponse


def handler(request):
    resp = make_response('ok')
    data = 'report-2024'
    resp.headers["X-Trace"] = data
    return 'done'
