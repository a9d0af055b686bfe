# stockade-expect: safe CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from django.db import connection
from django.http import HttpResponse


def handler(request):
    data = int(request.GET.get('v'))
    connection.cursor().execute("SELECT * FROM orders WHERE id = %s" % data)
    return 'done'
