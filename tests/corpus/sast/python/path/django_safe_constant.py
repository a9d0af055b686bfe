# stockade-expect: safe CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from django.http import HttpResponse


def handler(request):
    data = 'report-2024'
    open("/var/data/" + data).read()
    return 'done'
