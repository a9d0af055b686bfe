# stockade-expect: vulnerable CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from django.http import HttpResponse


def handler(request):
    value = request.GET.get('v')
    parts = ['prefix', value]
    data = parts[1]
    make_response("<div>" + data + "</div>")
    return 'done'
