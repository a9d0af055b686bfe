# stockade-expect: annotated
import hashlib
import os
import sqlite3
import subprocess
import xml.etree.ElementTree as ET

import click
import ldap
import paramiko
import requests
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

STATIC_IV = b"\x00" * 16


@click.group()
def cli():
    pass


@cli.command()
@click.option("--host", required=True)
@click.option("--cmd", required=True)
def remote(host, cmd):
    client = paramiko.SSHClient()
    # ruleid: python.ssh-auto-add-host-key
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    # ok: python.ssh-auto-add-host-key
    client.set_missing_host_key_policy(paramiko.RejectPolicy())
    client.connect(host, username="ops")
    # ruleid: python.ssh-command-injection
    client.exec_command("sudo systemctl status " + cmd)
    # ok: python.ssh-command-injection
    client.exec_command("sudo systemctl status nginx")


@cli.command()
@click.argument("user")
def whois(user):
    conn = ldap.initialize("ldaps://ldap.example.com")
    # ruleid: python.ldap-injection
    conn.search_s("ou=people,dc=example,dc=com", ldap.SCOPE_SUBTREE, "(uid=" + user + ")")
    # ok: python.ldap-injection
    conn.search_s("ou=people,dc=example,dc=com", ldap.SCOPE_SUBTREE, "(uid=%s)" % ldap.filter.escape_filter_chars(user))


@cli.command()
@click.argument("name")
def grep_hosts(name):
    # ruleid: python.command-injection
    out = subprocess.check_output("grep " + name + " /etc/hosts", shell=True)
    # ok: python.command-injection
    out2 = subprocess.check_output(["grep", "--", name, "/etc/hosts"])
    click.echo(out + out2)


@cli.command()
def fingerprint():
    data = open("/etc/ops/host.key", "rb").read()
    # ruleid: python.weak-hash
    click.echo(hashlib.md5(data).hexdigest())
    # ok: python.weak-hash
    click.echo(hashlib.sha256(data).hexdigest())


def seal(key: bytes, data: bytes) -> bytes:
    # ruleid: python.ecb-mode
    ecb = AES.new(key, AES.MODE_ECB)
    # ok: python.ecb-mode
    gcm = AES.new(key, AES.MODE_GCM)
    return ecb.encrypt(data) + gcm.encrypt(data)


def seal_static(key: bytes, data: bytes) -> bytes:
    # ruleid: python.static-iv
    enc = Cipher(algorithms.AES(key), modes.CBC(STATIC_IV)).encryptor()
    # ok: python.static-iv
    enc2 = Cipher(algorithms.AES(key), modes.CBC(os.urandom(16))).encryptor()
    return enc.update(data) + enc2.update(data)


def fetch_inventory(url: str):
    # ruleid: python.tls-verify-disabled
    r = requests.get(url, verify=False, timeout=10)
    # ok: python.tls-verify-disabled
    r2 = requests.get(url, verify="/etc/ops/ca.pem", timeout=10)
    return r.text + r2.text


def parse_inventory(text: str):
    # ruleid: python.xml-stdlib-parser
    return ET.fromstring(text)


@cli.command()
@click.argument("db")
@click.argument("host")
def forget(db, host):
    conn = sqlite3.connect(db)
    # ruleid: python.sql-injection
    conn.execute("DELETE FROM known_hosts WHERE name = '" + host + "'")
    # ok: python.sql-injection
    conn.execute("DELETE FROM known_hosts WHERE name = ?", (host,))
    conn.commit()


if __name__ == "__main__":
    cli()
