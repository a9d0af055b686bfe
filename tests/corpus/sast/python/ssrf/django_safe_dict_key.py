# stockade-expect: safe CWE-918
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import requests
from django.http import HttpResponse


def handler(request):
    cfg = {'user': request.GET.get('v'), 'mode': 'read'}
    data = cfg['mode']
    requests.get(data, timeout=5).text
    return 'done'
