# stockade-expect: annotated
"""API Gateway + S3 triggered thumbnail service."""
import json
import os
import subprocess
import urllib.parse
import xml.etree.ElementTree as ET

import boto3
import requests

s3 = boto3.client("s3")
BUCKET = os.environ["THUMB_BUCKET"]
SIZES = {"small": "64x64", "medium": "256x256"}


def lambda_handler(event, context):
    params = event.get("queryStringParameters") or {}
    key = params.get("key", "")
    size = SIZES.get(params.get("size"), "64x64")
    local = "/tmp/" + os.path.basename(key)
    s3.download_file(BUCKET, key, local)
    # ruleid: python.command-injection
    subprocess.run(f"convert {local} -resize {params.get('size', '64x64')} {local}.png", shell=True, check=True)
    # ok: python.command-injection
    subprocess.run(["convert", local, "-resize", size, local + ".thumb.png"], check=True)
    return {"statusCode": 200, "body": json.dumps({"key": key})}


def s3_handler(event, context):
    for record in event["Records"]:
        key = urllib.parse.unquote_plus(record["s3"]["object"]["key"])
        # ok: python.path-traversal
        s3.download_file(BUCKET, key, "/tmp/incoming")
    return {"statusCode": 200}


def webhook_handler(event, context):
    body = json.loads(event["body"])
    # ruleid: python.ssrf
    resp = requests.post(body["callback_url"], json={"status": "done"}, timeout=10)
    return {"statusCode": resp.status_code}


def metadata_handler(event, context):
    # ruleid: python.xml-bomb
    root = ET.fromstring(event["body"])
    return {"statusCode": 200, "body": json.dumps({"tag": root.tag})}


def eval_handler(event, context):
    expr = event["queryStringParameters"]["expr"]
    # ruleid: python.code-injection
    value = eval(expr)
    return {"statusCode": 200, "body": str(value)}
