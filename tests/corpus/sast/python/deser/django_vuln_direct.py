# stockade-expect: vulnerable CWE-502
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import pickle, base64
from django.http import HttpResponse


def handler(request):
    pickle.loads(base64.b64decode(request.GET.get('v')))
    return 'done'
