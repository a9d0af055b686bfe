# stockade-expect: vulnerable CWE-643
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from django.http import HttpResponse


def handler(request):
    doc = etree.parse('accounts.xml')
    data = passthrough(request.GET.get('v'))
    doc.xpath("//account[@owner='" + data + "']")
    return 'done'


def passthrough(text):
    return text.strip()
