# stockade-expect: annotated
"""File helpers: config loading, archives, permissions."""
import os
import pickle
import subprocess
import tarfile
import tempfile

import yaml


def load_config(path):
    with open(path) as fh:
        # ruleid: python.yaml-unsafe-load
        return yaml.load(fh, Loader=yaml.Loader)


def load_config_safe(path):
    with open(path) as fh:
        # ok: python.yaml-unsafe-load
        return yaml.safe_load(fh)


def load_cache(blob):
    # ruleid: python.deserialization-parameter
    return pickle.loads(blob)


def unpack(archive, dest):
    with tarfile.open(archive) as tar:
        # ruleid: python.tarfile-extract-no-filter
        tar.extractall(dest)


def unpack_safe(archive, dest):
    with tarfile.open(archive) as tar:
        # ok: python.tarfile-extract-no-filter
        tar.extractall(dest, filter="data")


def make_spool(path):
    # ruleid: python.permissive-mode-create
    os.makedirs(path, 0o777, exist_ok=True)
    # ok: python.permissive-mode-create
    os.makedirs(os.path.join(path, "private"), 0o700, exist_ok=True)


def scratch_file():
    # ruleid: python.insecure-tempfile
    name = tempfile.mktemp()
    # ok: python.insecure-tempfile
    fd, safe_name = tempfile.mkstemp()
    return name, fd, safe_name


def run(cmd):
    # ruleid: python.command-injection-parameter
    return subprocess.check_output(cmd, shell=True, text=True)


def disk_usage(path):
    # ok: python.command-injection-parameter
    return subprocess.check_output(["du", "-sh", path], text=True)


def rotate_logs(directory):
    # ruleid: python.shell-wildcard-injection
    os.system("cd /var/log/app && tar czf logs.tgz *")
    # ruleid: python.command-injection-parameter
    os.system("find " + directory + " -name '*.log' -mtime +7 -delete")


def write_report(text):
    # ruleid: python.hardcoded-tmp-path
    with open("/tmp/opskit-report.txt", "w") as fh:
        fh.write(text)
