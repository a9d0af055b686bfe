# stockade-expect: safe CWE-1333
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import re
from django.http import HttpResponse


def handler(request):
    data = 'report-2024'
    re.compile(data)
    return 'done'
