# stockade-expect: safe CWE-501
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import session
from django.http import HttpResponse


def handler(request):
    cfg = {'user': request.GET.get('v'), 'mode': 'read'}
    data = cfg['mode']
    session["username"] = data
    return 'done'
