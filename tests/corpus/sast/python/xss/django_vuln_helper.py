# stockade-expect: vulnerable CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from django.http import HttpResponse


def handler(request):
    data = passthrough(request.GET.get('v'))
    make_response("<div>" + data + "</div>")
    return 'done'


def passthrough(text):
    return text.strip()
