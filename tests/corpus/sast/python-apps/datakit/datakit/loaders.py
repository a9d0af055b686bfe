# stockade-expect: annotated
import json
import pickle
import shlex
import subprocess

import yaml


def load_config(stream):
    # ruleid: python.yaml-unsafe-load
    return yaml.load(stream, Loader=yaml.FullLoader)


def load_config_safe(stream):
    # ok: python.yaml-unsafe-load
    return yaml.safe_load(stream)


def load_state(blob: bytes):
    # ruleid: python.deserialization-parameter
    return pickle.loads(blob)


def load_state_json(blob: bytes):
    # ok: python.deserialization-parameter
    return json.loads(blob)


def run_hook(hook: str, path: str) -> int:
    # ruleid: python.command-injection-parameter
    return subprocess.call(f"{hook} {path}", shell=True)


def run_hook_safe(hook: str, path: str) -> int:
    # ok: python.command-injection-parameter
    return subprocess.call(f"{shlex.quote(hook)} {shlex.quote(path)}", shell=True)


def compute(expression: str, row: dict):
    # ruleid: python.code-injection-parameter
    return eval(expression, {"__builtins__": {}}, row)
