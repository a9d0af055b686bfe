# stockade-expect: safe CWE-643
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    doc = etree.parse('accounts.xml')
    cfg = {'user': v, 'mode': 'read'}
    data = cfg['mode']
    doc.xpath("//account[@owner='" + data + "']")
    return 'done'
