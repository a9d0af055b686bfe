# stockade-expect: annotated
import subprocess

import requests
from django.db import connection
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template import Context, Template
from rest_framework import permissions, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.response import Response

from .models import Ticket
from .serializers import TicketSerializer


class TicketViewSet(viewsets.ModelViewSet):
    serializer_class = TicketSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        status = self.request.query_params.get("status", "open")
        # ruleid: python.sql-injection
        return Ticket.objects.raw("SELECT * FROM tickets_ticket WHERE status = '%s'" % status)

    @action(detail=False)
    def search(self, request):
        term = request.query_params.get("q", "")
        # ok: python.sql-injection
        rows = Ticket.objects.filter(Q(title__icontains=term) | Q(body__icontains=term))
        return Response(TicketSerializer(rows, many=True).data)

    @action(detail=True, methods=["post"])
    def notify(self, request, pk=None):
        ticket = get_object_or_404(Ticket, pk=pk)
        webhook = request.data.get("webhook")
        # ruleid: python.ssrf
        requests.post(webhook, json={"id": ticket.pk}, timeout=5)
        # ok: python.ssrf
        requests.post("https://hooks.example.com/tickets", json={"id": ticket.pk, "hook": webhook}, timeout=5)
        return Response({"ok": True})


@api_view(["GET"])
def stats(request):
    column = request.GET.get("group", "status")
    with connection.cursor() as cur:
        # ruleid: python.sql-injection
        cur.execute(f"SELECT {column}, count(*) FROM tickets_ticket GROUP BY {column}")
        rows = cur.fetchall()
    return Response(rows)


@api_view(["POST"])
def render_reply(request):
    body = request.data["template"]
    # ruleid: python.template-injection
    html = Template(body).render(Context({"user": request.user}))
    return HttpResponse(html)


@api_view(["POST"])
def render_reply_safe(request):
    from django.template.loader import render_to_string
    # ok: python.template-injection
    html = render_to_string("tickets/reply.html", {"body": request.data["template"]})
    return HttpResponse(html)


@api_view(["POST"])
def attach(request):
    name = request.data["filename"]
    # ruleid: python.command-injection
    subprocess.call("clamscan /srv/uploads/" + name, shell=True)
    # ok: python.command-injection
    subprocess.call(["clamscan", "/srv/uploads/" + name])
    return Response({"scanned": True})


@api_view(["GET"])
def export(request):
    fmt = request.GET.get("format", "csv")
    response = HttpResponse(content_type="text/csv")
    # ruleid: python.header-injection
    response["Content-Disposition"] = "attachment; filename=tickets." + fmt
    # ok: python.header-injection
    response["X-Export-Version"] = "2"
    return response
