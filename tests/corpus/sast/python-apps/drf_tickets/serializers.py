# stockade-expect: annotated
from rest_framework import serializers

from .models import Ticket


class TicketSerializer(serializers.ModelSerializer):
    class Meta:
        model = Ticket
        # ruleid: python.mass-assignment
        fields = "__all__"


class TicketCreateSerializer(serializers.ModelSerializer):
    class Meta:
        model = Ticket
        # ok: python.mass-assignment
        fields = ["title", "body"]
