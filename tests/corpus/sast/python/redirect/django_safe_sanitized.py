# stockade-expect: safe CWE-601
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import redirect
from django.http import HttpResponse


def handler(request):
    data = urllib.parse.quote(request.GET.get('v'))
    redirect(data)
    return 'done'
