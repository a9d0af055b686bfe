# stockade-expect: annotated
"""Nightly backup tool: dumps a database, compresses it and ships it to a remote host."""
import argparse
import hashlib
import os
import pickle
import shlex
import subprocess
import sys
import tarfile
import tempfile

STATE_FILE = os.path.expanduser("~/.backup_state")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database")
    parser.add_argument("--host", default="backup.internal")
    parser.add_argument("--exclude", default="")
    parser.add_argument("--restore")
    return parser.parse_args(argv)


def dump(database):
    # ruleid: python.insecure-tempfile
    out = tempfile.mktemp(suffix=".sql")
    # ok: python.command-injection
    subprocess.run(["pg_dump", "--file", out, database], check=True)
    return out


def compress(path, exclude):
    archive = path + ".tar.gz"
    # ruleid: python.command-injection
    os.system("tar czf " + archive + " --exclude=" + exclude + " " + path)
    return archive


def ship(archive, host):
    # ok: python.command-injection
    subprocess.run("scp " + shlex.quote(archive) + " " + shlex.quote(host) + ":/backups/", shell=True, check=True)


def restore(archive):
    with tarfile.open(archive) as tar:
        # ruleid: python.tarfile-extract-no-filter
        tar.extractall("/var/restore")


def load_state():
    if not os.path.exists(STATE_FILE):
        return {}
    with open(STATE_FILE, "rb") as fh:
        # ruleid: python.pickle-load
        return pickle.load(fh)


def checksum(path):
    with open(path, "rb") as fh:
        # ok: python.weak-hash
        return hashlib.sha256(fh.read()).hexdigest()


def legacy_checksum(path):
    with open(path, "rb") as fh:
        # ruleid: python.weak-hash
        return hashlib.md5(fh.read()).hexdigest()


def main():
    args = parse_args()
    if args.restore:
        restore(args.restore)
        return 0
    state = load_state()
    path = dump(args.database)
    archive = compress(path, args.exclude)
    ship(archive, args.host)
    state[args.database] = checksum(archive)
    hook = os.environ.get("BACKUP_POST_HOOK")
    if hook:
        # ruleid: python.command-injection
        subprocess.call(hook, shell=True)
    return 0


def interactive():
    target = input("Database to back up: ")
    # ruleid: python.command-injection
    subprocess.call("pg_dump " + target + " > /var/backups/manual.sql", shell=True)
    # ok: python.command-injection
    subprocess.call(["pg_dump", "--file", "/var/backups/manual.sql", target])


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "-i":
        interactive()
    else:
        sys.exit(main())
