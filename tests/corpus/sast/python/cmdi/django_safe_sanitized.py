# stockade-expect: safe CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import os
from django.http import HttpResponse


def handler(request):
    data = shlex.quote(request.GET.get('v'))
    os.system("nslookup " + data)
    return 'done'
