# stockade-expect: vulnerable CWE-90
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import ldap
from django.http import HttpResponse


def handler(request):
    conn = ldap.initialize('ldap://localhost')
    conn.search_s("ou=people,dc=example,dc=org", ldap.SCOPE_SUBTREE, "(cn=" + request.GET.get('v') + ")")
    return 'done'
