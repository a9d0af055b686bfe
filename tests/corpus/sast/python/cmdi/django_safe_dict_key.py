# stockade-expect: safe CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import os
from django.http import HttpResponse


def handler(request):
    cfg = {'user': request.GET.get('v'), 'mode': 'read'}
    data = cfg['mode']
    os.system("nslookup " + data)
    return 'done'
