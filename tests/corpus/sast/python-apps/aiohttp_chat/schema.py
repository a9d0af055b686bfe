# stockade-expect: annotated
import subprocess

import graphene
from sqlalchemy import text

from .db import session


class Query(graphene.ObjectType):
    user = graphene.String(name=graphene.String())
    lookup = graphene.String(host=graphene.String())

    def resolve_user(root, info, name):
        # ruleid: python.sql-injection
        row = session.execute(text(f"SELECT email FROM users WHERE name = '{name}'")).first()
        return row[0] if row else None

    def resolve_user_safe(root, info, name):
        # ok: python.sql-injection
        row = session.execute(text("SELECT email FROM users WHERE name = :n"), {"n": name}).first()
        return row[0] if row else None

    def resolve_lookup(root, info, host):
        # ruleid: python.command-injection
        return subprocess.check_output("dig +short " + host, shell=True, text=True)
