# stockade-expect: vulnerable CWE-601
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import redirect
from django.http import HttpResponse


def handler(request):
    value = request.GET.get('v')
    parts = ['prefix', value]
    data = parts[1]
    redirect(data)
    return 'done'
