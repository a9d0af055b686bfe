# stockade-expect: vulnerable CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import subprocess
from django.http import HttpResponse


def handler(request):
    data = passthrough(request.GET.get('v'))
    subprocess.check_output(f"grep {data} /var/log/app.log", shell=True)
    return 'done'


def passthrough(text):
    return text.strip()
