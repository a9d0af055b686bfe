# stockade-expect: vulnerable CWE-95
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from django.http import HttpResponse


def handler(request):
    data = request.GET.get('v')
    if len(data) > 3:
        eval(data)
    return 'done'
