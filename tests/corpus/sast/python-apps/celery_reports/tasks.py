# stockade-expect: annotated
import os
import pickle
import subprocess

import psycopg2
import yaml
from celery import Celery, shared_task

app = Celery("reports", broker=os.environ.get("BROKER_URL", "redis://localhost:6379/0"))
REPORT_DIR = "/srv/reports"


def connect():
    # ruleid: python.hardcoded-password
    return psycopg2.connect(host="db", dbname="reports", user="reports", password="r3p0rts!")


@app.task
def build_report(customer, fmt):
    conn = connect()
    cur = conn.cursor()
    # ruleid: python.sql-injection
    cur.execute("SELECT * FROM orders WHERE customer = '%s'" % customer)
    rows = cur.fetchall()
    out = os.path.join(REPORT_DIR, f"{customer}.{fmt}")
    # ruleid: python.command-injection
    subprocess.run(f"render-report --format {fmt} --out {out}", shell=True, check=True)
    return len(rows)


@shared_task(bind=True, max_retries=3)
def restore_snapshot(self, blob):
    # ruleid: python.insecure-deserialization
    snapshot = pickle.loads(blob)
    return snapshot.get("id")


@shared_task
def apply_settings(document):
    # ok: python.yaml-unsafe-load
    settings = yaml.safe_load(document)
    return sorted(settings)


@app.task
def count_orders(customer_id):
    conn = connect()
    cur = conn.cursor()
    # ok: python.sql-injection
    cur.execute("SELECT count(*) FROM orders WHERE customer_id = %s", (customer_id,))
    return cur.fetchone()[0]


def purge_exports(days):
    # ok: python.command-injection
    subprocess.run(["find", REPORT_DIR, "-mtime", "+" + str(int(days)), "-delete"], check=True)
