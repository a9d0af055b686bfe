# stockade-expect: safe CWE-643
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from django.http import HttpResponse


def handler(request):
    doc = etree.parse('accounts.xml')
    data = 'report-2024'
    doc.xpath("//account[@owner='" + data + "']")
    return 'done'
