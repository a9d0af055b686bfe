# stockade-expect: annotated
import os
import shutil
import subprocess
import tarfile

import psycopg2
from celery import Celery
from psycopg2 import sql

app = Celery("ops", broker=os.environ.get("BROKER_URL", "redis://localhost:6379/0"))
ARCHIVE_ROOT = "/srv/ops/archives"


@app.task
def vacuum_table(table_name):
    conn = psycopg2.connect(os.environ["OPS_DSN"])
    with conn.cursor() as cur:
        # ruleid: python.sql-injection
        cur.execute("VACUUM ANALYZE " + table_name)
        # ok: python.sql-injection
        cur.execute(sql.SQL("VACUUM ANALYZE {}").format(sql.Identifier(table_name)))
    conn.close()


@app.task(bind=True, max_retries=3)
def compress_logs(self, service, days):
    # ruleid: python.command-injection
    os.system("find /var/log/" + service + " -mtime +" + str(days) + " -exec gzip {} \\;")
    # ok: python.command-injection
    subprocess.run(["find", f"/var/log/{service}", "-mtime", f"+{int(days)}", "-exec", "gzip", "{}", ";"], check=True)


@app.task
def restore_archive(archive_name, target):
    with tarfile.open(os.path.join(ARCHIVE_ROOT, os.path.basename(archive_name))) as tar:
        # ruleid: python.tarfile-extract-no-filter
        tar.extractall(target)
    with tarfile.open(os.path.join(ARCHIVE_ROOT, os.path.basename(archive_name))) as tar:
        # ok: python.tarfile-extract-no-filter
        tar.extractall(target, filter="data")


@app.task
def evaluate_threshold(expression, value):
    # ruleid: python.code-injection
    return eval(expression, {"value": value})


@app.task
def evaluate_threshold_safe(limit, value):
    # ok: python.code-injection
    return float(value) > float(limit)


@app.task
def rotate(path):
    # ruleid: python.permissive-file-mode
    os.chmod(path, 0o777)
    # ok: python.permissive-file-mode
    os.chmod(path, 0o600)
    shutil.copy(path, path + ".bak")
