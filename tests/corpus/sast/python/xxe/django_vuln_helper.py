# stockade-expect: vulnerable CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from django.http import HttpResponse


def handler(request):
    data = passthrough(request.GET.get('v'))
    etree.fromstring(data)
    return 'done'


def passthrough(text):
    return text.strip()
