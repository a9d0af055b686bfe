# stockade-expect: safe CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from django.http import HttpResponse


def handler(request):
    data = int(request.GET.get('v'))
    etree.fromstring(data)
    return 'done'
