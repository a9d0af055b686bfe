# stockade-expect: annotated
from django.db import connection

from .models import Contact


def contacts_for_company(company):
    with connection.cursor() as cursor:
        # ruleid: python.sql-injection
        cursor.execute("SELECT id, name FROM crm_contact WHERE company = '%s'" % company)
        return cursor.fetchall()


def contacts_for_company_safe(company):
    with connection.cursor() as cursor:
        # ok: python.sql-injection
        cursor.execute("SELECT id, name FROM crm_contact WHERE company = %s", [company])
        return cursor.fetchall()


def ordered_contacts(order_clause):
    # ruleid: python.sql-injection
    return Contact.objects.extra(order_by=[order_clause])


def ordered_contacts_safe(order_field):
    allowed = {"name", "-name", "company"}
    # ok: python.sql-injection
    return Contact.objects.order_by(order_field if order_field in allowed else "name")
