# stockade-expect: vulnerable CWE-117
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import logging
from django.http import HttpResponse


def handler(request):
    logging.warning("failed login for " + request.GET.get('v'))
    return 'done'
