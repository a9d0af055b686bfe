# stockade-expect: vulnerable CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from django.http import HttpResponse


def handler(request):
    open("/var/data/" + request.GET.get('v')).read()
    return 'done'
