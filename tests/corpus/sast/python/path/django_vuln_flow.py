# stockade-expect: vulnerable CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from django.http import HttpResponse


def handler(request):
    value = request.GET.get('v')
    parts = ['prefix', value]
    data = parts[1]
    open("/var/data/" + data).read()
    return 'done'
