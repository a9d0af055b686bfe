# stockade-expect: annotated
import hashlib
import json
import logging
import os
import pickle
import random
import subprocess

import requests
import yaml
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import FileResponse, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from .models import Order, Product

logger = logging.getLogger(__name__)
ALLOWED_SORT = {"name", "price", "created"}
MEDIA_ROOT = "/srv/media"


def product_search(request):
    term = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ruleid: python.sql-injection
        cursor.execute(f"SELECT id, name FROM shop_product WHERE name LIKE '%{term}%'")
        rows = cursor.fetchall()
    return JsonResponse({"results": rows})


def product_search_safe(request):
    term = request.GET.get("q", "")
    with connection.cursor() as cursor:
        # ok: python.sql-injection
        cursor.execute("SELECT id, name FROM shop_product WHERE name LIKE %s", [f"%{term}%"])
        rows = cursor.fetchall()
    return JsonResponse({"results": rows})


def product_list(request):
    sort = request.GET.get("sort", "name")
    if sort not in ALLOWED_SORT:
        sort = "name"
    # ok: python.sql-injection
    products = Product.objects.raw(f"SELECT * FROM shop_product ORDER BY {sort}")
    return render(request, "shop/list.html", {"products": products})


def product_raw(request):
    # ruleid: python.sql-injection
    products = Product.objects.raw("SELECT * FROM shop_product WHERE category = '%s'" % request.GET["c"])
    return render(request, "shop/list.html", {"products": products})


def product_extra(request):
    # ok: python.sql-injection
    products = Product.objects.filter(name__icontains=request.GET.get("q", ""))
    return render(request, "shop/list.html", {"products": products})


@login_required
def invoice(request, number):
    # ruleid: python.path-traversal
    return FileResponse(open(os.path.join(MEDIA_ROOT, "invoices", request.GET["file"]), "rb"))


@login_required
def invoice_safe(request, number):
    name = os.path.basename(request.GET["file"])
    # ok: python.path-traversal
    return FileResponse(open(os.path.join(MEDIA_ROOT, "invoices", name), "rb"))


@require_POST
def thumbnail(request):
    size = request.POST.get("size", "128x128")
    # ruleid: python.command-injection
    subprocess.run(f"convert upload.png -resize {size} thumb.png", shell=True, check=True)
    return HttpResponse("ok")


@require_POST
def thumbnail_safe(request):
    size = request.POST.get("size", "128x128")
    # ok: python.command-injection
    subprocess.run(["convert", "upload.png", "-resize", size, "thumb.png"], check=True)
    return HttpResponse("ok")


def go(request):
    target = request.GET.get("next", "/")
    # ruleid: python.open-redirect
    return redirect(target)


def go_safe(request):
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    # ok: python.open-redirect
    return redirect(target)


def preview(request):
    name = request.GET.get("name", "")
    # ruleid: python.xss
    return HttpResponse("<p>Hello " + name + "</p>")


def preview_json(request):
    name = request.GET.get("name", "")
    # ok: python.xss
    return JsonResponse({"greeting": "Hello " + name})


def fetch_image(request):
    url = request.GET["url"]
    # ruleid: python.ssrf
    data = requests.get(url, timeout=5).content
    return HttpResponse(data, content_type="image/png")


def fetch_rates(request):
    currency = request.GET["currency"]
    # ok: python.ssrf
    data = requests.get("https://rates.example.com/v1/latest", params={"base": currency}, timeout=5).json()
    return JsonResponse(data)


@require_POST
def import_cart(request):
    # ruleid: python.insecure-deserialization
    cart = pickle.loads(request.body)
    return JsonResponse({"items": len(cart)})


@require_POST
def import_cart_json(request):
    # ok: python.insecure-deserialization
    cart = json.loads(request.body)
    return JsonResponse({"items": len(cart)})


@require_POST
def import_config(request):
    # ruleid: python.yaml-unsafe-load
    config = yaml.load(request.body, Loader=yaml.Loader)
    # ok: python.yaml-unsafe-load
    defaults = yaml.safe_load(request.body)
    return JsonResponse({"keys": list(config) + list(defaults)})


def login_view(request):
    user = request.POST.get("username", "")
    # ruleid: python.log-injection
    logger.warning("failed login for %s" % user)
    # ok: python.log-injection
    logger.warning("failed login from %s", request.META.get("REMOTE_ADDR", "").replace("\n", ""))
    return HttpResponseBadRequest("no")


def reset_token(request):
    # ruleid: python.insecure-random
    token = "".join(random.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(32))
    request.session["reset_token"] = token
    return HttpResponse("sent")


def password_digest(password):
    # ruleid: python.weak-hash
    return hashlib.md5(password.encode()).hexdigest()


def asset_etag(content):
    # ok: python.weak-hash
    return hashlib.md5(content, usedforsecurity=False).hexdigest()


def order_total(request, order_id):
    order = Order.objects.get(pk=order_id)
    expression = request.GET.get("discount", "0")
    # ruleid: python.code-injection
    total = eval(f"{order.total} - {expression}")
    return JsonResponse({"total": total})


def order_total_safe(request, order_id):
    order = Order.objects.get(pk=order_id)
    discount = float(request.GET.get("discount", "0"))
    # ok: python.code-injection
    total = eval(f"{order.total} - {discount}")
    return JsonResponse({"total": total})
