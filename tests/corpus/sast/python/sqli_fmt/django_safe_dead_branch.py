# stockade-expect: safe CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from django.db import connection
from django.http import HttpResponse


def handler(request):
    data = request.GET.get('v')
    if 1 == 2:
        connection.cursor().execute("SELECT * FROM orders WHERE id = %s" % data)
    return 'done'
