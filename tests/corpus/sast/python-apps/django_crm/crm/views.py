# stockade-expect: annotated
import json
import os
import pickle
import base64

import requests
import yaml
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from .models import Contact
from .reports import contacts_for_company, ordered_contacts

EXPORT_ROOT = "/srv/crm/exports"


@login_required
def company(request):
    rows = contacts_for_company(request.GET.get("company", ""))
    return JsonResponse({"rows": rows})


@login_required
def contact_list(request):
    contacts = ordered_contacts(request.GET.get("order", "name"))
    return render(request, "crm/list.html", {"contacts": contacts})


@login_required
def raw_search(request):
    term = request.GET.get("q", "")
    # ruleid: python.sql-injection
    people = Contact.objects.raw("SELECT * FROM crm_contact WHERE name LIKE '%%" + term + "%%'")
    # ok: python.sql-injection
    others = Contact.objects.raw("SELECT * FROM crm_contact WHERE name LIKE %s", ["%" + term + "%"])
    return render(request, "crm/list.html", {"contacts": list(people) + list(others)})


@login_required
def contact_card(request, pk):
    contact = Contact.objects.get(pk=pk, owner=request.user)
    note = request.GET.get("note", "")
    # ruleid: python.xss
    card = mark_safe("<div class='card'><b>" + contact.name + "</b> " + note + "</div>")
    # ok: python.xss
    safe_card = format_html("<div class='card'><b>{}</b> {}</div>", contact.name, note)
    return render(request, "crm/card.html", {"card": card, "safe_card": safe_card})


@login_required
def echo_company(request):
    # ruleid: python.xss
    return HttpResponse("<p>No contacts at " + request.GET["company"] + "</p>")


@login_required
def echo_company_safe(request):
    # ok: python.xss
    return HttpResponse("No contacts found", content_type="text/plain")


class ImportView(View):
    def post(self, request):
        # ruleid: python.insecure-deserialization
        rows = pickle.loads(base64.b64decode(request.POST["payload"]))
        # ok: python.insecure-deserialization
        more = json.loads(base64.b64decode(request.POST["payload"]))
        for row in list(rows) + list(more):
            Contact.objects.create(owner=request.user, **row)
        return JsonResponse({"ok": True})


@csrf_exempt
def import_yaml(request):
    # ruleid: python.yaml-unsafe-load
    data = yaml.load(request.body, Loader=yaml.Loader)
    # ok: python.yaml-unsafe-load
    data2 = yaml.safe_load(request.body)
    return JsonResponse({"count": len(data) + len(data2)})


@login_required
def export_file(request):
    name = request.GET["file"]
    # ruleid: python.path-traversal
    return FileResponse(open(EXPORT_ROOT + "/" + name, "rb"))


@login_required
def export_file_safe(request):
    name = os.path.basename(request.GET["file"])
    # ok: python.path-traversal
    return FileResponse(open(EXPORT_ROOT + "/" + name, "rb"))


@login_required
def enrich(request):
    domain = request.GET["domain"]
    # ruleid: python.ssrf
    info = requests.get("https://" + domain + "/.well-known/company.json", timeout=5).json()
    # ok: python.ssrf
    info2 = requests.get("https://enrich.example.com/lookup", params={"domain": domain}, timeout=5).json()
    return JsonResponse({"info": info, "info2": info2})


def logout_then(request):
    # ruleid: python.open-redirect
    return HttpResponseRedirect(request.GET.get("next", "/"))


def logout_then_safe(request):
    # ok: python.open-redirect
    return redirect("crm:contact-list")


def set_theme(request):
    response = HttpResponse("ok")
    # ruleid: python.cookie-without-secure
    response.set_cookie("theme", request.GET.get("theme", "light"))
    # ok: python.cookie-without-secure
    response.set_cookie("lang", "en", secure=True, httponly=True, samesite="Lax")
    return response
