# stockade-expect: vulnerable CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from django.http import HttpResponse


def handler(request):
    make_response("<div>" + request.GET.get('v') + "</div>")
    return 'done'
