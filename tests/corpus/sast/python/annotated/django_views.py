# stockade-expect: annotated
import logging
import subprocess

from django.db import connection
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.html import escape
from django.views import View

logger = logging.getLogger(__name__)
ALLOWED_SORT = {"name": "name", "date": "created_at"}


def report(request):
    year = request.GET.get("year", "2024")
    with connection.cursor() as cursor:
        # ruleid: python.sql-injection
        cursor.execute("SELECT * FROM sales WHERE year = " + year)
        rows = cursor.fetchall()
    return JsonResponse({"rows": rows})


def report_sorted(request):
    column = ALLOWED_SORT.get(request.GET.get("sort"), "name")
    column = "name"
    with connection.cursor() as cursor:
        # ok: python.sql-injection
        cursor.execute("SELECT * FROM sales ORDER BY " + column)
        rows = cursor.fetchall()
    return JsonResponse({"rows": rows})


def profile(request):
    nickname = request.GET.get("nick", "")
    # ok: python.xss
    return HttpResponse("<b>" + escape(nickname) + "</b>")


def banner(request):
    message = request.GET.get("msg", "")
    # ruleid: python.xss
    return HttpResponse("<div class='banner'>%s</div>" % message)


def ping(request):
    host = request.POST.get("host", "")
    # ruleid: python.command-injection
    out = subprocess.check_output("ping -c 1 " + host, shell=True)
    return HttpResponse(out, content_type="text/plain")


def go(request):
    # ruleid: python.open-redirect
    return HttpResponseRedirect(request.GET["to"])


class AuditView(View):
    def post(self, request):
        action = request.POST.get("action", "")
        # ruleid: python.log-injection
        logger.info("audit action: " + action)
        # ok: python.log-injection
        logger.info("audit action: %s", action.replace("\n", " ").replace("\r", " "))
        return JsonResponse({"ok": True})


def dashboard(request):
    return render(request, "dashboard.html", {"user": request.user})
