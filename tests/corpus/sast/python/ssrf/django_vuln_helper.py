# stockade-expect: vulnerable CWE-918
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import requests
from django.http import HttpResponse


def handler(request):
    data = passthrough(request.GET.get('v'))
    requests.get(data, timeout=5).text
    return 'done'


def passthrough(text):
    return text.strip()
