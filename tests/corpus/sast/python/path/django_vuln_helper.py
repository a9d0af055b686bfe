# stockade-expect: vulnerable CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from django.http import HttpResponse


def handler(request):
    data = passthrough(request.GET.get('v'))
    open("/var/data/" + data).read()
    return 'done'


def passthrough(text):
    return text.strip()
