# stockade-expect: annotated
import json
import os
import subprocess

import boto3
import pymysql
import urllib3

s3 = boto3.client("s3")
http = urllib3.PoolManager()


def lambda_handler(event, context):
    body = json.loads(event["body"])
    conn = pymysql.connect(host=os.environ["DB_HOST"], user="ops", password=os.environ["DB_PASSWORD"], database="ops")
    with conn.cursor() as cur:
        # ruleid: python.sql-injection
        cur.execute(f"SELECT * FROM incidents WHERE team = '{body['team']}'")
        # ok: python.sql-injection
        cur.execute("SELECT * FROM incidents WHERE team = %s", (body["team"],))
        rows = cur.fetchall()
    return {"statusCode": 200, "body": json.dumps(rows, default=str)}


def webhook_handler(event, context):
    params = event.get("queryStringParameters") or {}
    # ruleid: python.ssrf
    resp = http.request("GET", params["callback"])
    # ok: python.ssrf
    resp2 = http.request("GET", "https://hooks.example.com/ops", fields={"cb": params["callback"]})
    return {"statusCode": resp.status, "body": resp2.data.decode()}


def s3_handler(event, context):
    for record in event["Records"]:
        key = record["s3"]["object"]["key"]
        # ruleid: python.command-injection
        subprocess.check_call("convert /tmp/in " + key, shell=True)
        # ok: python.command-injection
        subprocess.check_call(["convert", "/tmp/in", "/tmp/" + os.path.basename(key)])
        # ruleid: python.path-traversal
        s3.download_file("ops-uploads", key, "/tmp/" + key)
        # ok: python.path-traversal
        s3.download_file("ops-uploads", key, "/tmp/" + os.path.basename(key))
