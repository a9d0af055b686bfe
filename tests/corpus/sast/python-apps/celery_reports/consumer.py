# stockade-expect: annotated
import json
import logging
import subprocess

import pika

log = logging.getLogger(__name__)
ACTIONS = {"reindex": ["/usr/local/bin/reindex"], "vacuum": ["/usr/local/bin/vacuum"]}


def on_message(ch, method, properties, body):
    job = json.loads(body)
    # ruleid: python.command-injection
    subprocess.run("nice -n 10 " + job["command"], shell=True)
    # ok: python.command-injection
    subprocess.run(ACTIONS.get(job["action"], ["/bin/true"]))
    ch.basic_ack(delivery_tag=method.delivery_tag)


def main():
    connection = pika.BlockingConnection(pika.ConnectionParameters("rabbitmq"))
    channel = connection.channel()
    channel.basic_consume(queue="maintenance", on_message_callback=on_message)
    channel.start_consuming()
