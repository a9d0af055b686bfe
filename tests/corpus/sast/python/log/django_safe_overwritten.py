# stockade-expect: safe CWE-117
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import logging
from django.http import HttpResponse


def handler(request):
    data = request.GET.get('v')
    data = 'fixed-value'
    logging.warning("failed login for " + data)
    return 'done'
