# stockade-expect: safe CWE-918
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import requests
from django.http import HttpResponse


def handler(request):
    items = [request.GET.get('v'), 'constant']
    data = items[1]
    requests.get(data, timeout=5).text
    return 'done'
