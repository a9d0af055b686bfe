# stockade-expect: safe CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from django.http import HttpResponse


def handler(request):
    items = [request.GET.get('v'), 'constant']
    data = items[1]
    etree.fromstring(data)
    return 'done'
