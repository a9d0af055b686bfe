# stockade-expect: vulnerable CWE-113
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from django.http import HttpResponse


def handler(request):
    resp = make_response('ok')
    value = request.GET.get('v')
    parts = ['prefix', value]
    data = parts[1]
    resp.headers["X-Trace"] = data
    return 'done'
