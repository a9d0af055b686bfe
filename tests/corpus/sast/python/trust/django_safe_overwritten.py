# stockade-expect: safe CWE-501
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import session
from django.http import HttpResponse


def handler(request):
    data = request.GET.get('v')
    data = 'fixed-value'
    session["username"] = data
    return 'done'
