# stockade-expect: annotated
import argparse
import os
import socketserver
import sqlite3
import subprocess
import sys

import paramiko
import yaml

DB = sqlite3.connect("/var/lib/netagent/state.db")


class CommandHandler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline().decode().strip()
        # ruleid: python.command-injection
        out = subprocess.check_output("ping -c 1 " + line, shell=True)
        # ok: python.command-injection
        out2 = subprocess.check_output(["ping", "-c", "1", line])
        self.wfile.write(out + out2)


def interactive():
    host = input("host to forget: ")
    # ruleid: python.sql-injection
    DB.execute("DELETE FROM hosts WHERE name = '%s'" % host)
    # ok: python.sql-injection
    DB.execute("DELETE FROM hosts WHERE name = ?", (host,))
    DB.commit()


def from_env():
    extra = os.environ.get("NETAGENT_PING_FLAGS", "")
    # ruleid: python.command-injection
    os.system("ping " + extra + " 10.0.0.1")
    # ok: python.command-injection
    os.system("ping -c 1 10.0.0.1")


def apply_rules(path: str):
    with open(path) as fh:
        # ruleid: python.yaml-unsafe-load
        rules = yaml.load(fh, Loader=yaml.UnsafeLoader)
    with open(path) as fh:
        # ok: python.yaml-unsafe-load
        rules2 = yaml.load(fh, Loader=yaml.SafeLoader)
    return rules, rules2


def push(host: str, user: str):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # ok: python.ssh-auto-add-host-key
    client.set_missing_host_key_policy(paramiko.RejectPolicy())
    client.connect(host, username=user)
    for line in sys.stdin:
        # ruleid: python.ssh-command-injection
        client.exec_command("iptables -A INPUT -s " + line.strip() + " -j DROP")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--listen", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=7000)
    args = parser.parse_args()
    # ok: python.code-injection
    exec(open(args.plugin).read()) if getattr(args, "plugin", None) else None
    with socketserver.TCPServer((args.listen, args.port), CommandHandler) as srv:
        srv.serve_forever()


if __name__ == "__main__":
    main()
