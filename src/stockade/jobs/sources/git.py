"""Shallow clones with the ``git`` CLI, locked down.

- The host is resolved once and checked by :mod:`netguard`; git is then pinned to that
  address (``http.curloptResolve``) and may not follow redirects, so neither DNS rebinding
  nor a redirect can lead it to an internal address.
- Only https (http when configured) is allowed as a protocol; no prompts, no user or system
  git configuration, no hooks (empty template), no LFS smudging, no symlinks on checkout.
- The token travels in an environment-provided ``http.extraHeader`` (``GIT_CONFIG_*``), so
  it is never on a command line, in ``.git/config`` or in a log; error text is redacted.
- A watchdog enforces the time limit and the size limit while git runs.
"""

from __future__ import annotations

import base64
import dataclasses
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from stockade.jobs.sources.errors import SourceError
from stockade.jobs.sources.limits import SourceLimits
from stockade.jobs.sources.netguard import resolve_public
from stockade.jobs.sources.spec import GitSource

POLL_SECONDS = 0.2


def _dir_size(root: Path) -> int:
    total = 0
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(Path(entry.path))
                    elif entry.is_file(follow_symlinks=False):
                        total += entry.stat(follow_symlinks=False).st_size
        except OSError:
            continue
    return total


def _environment(source: GitSource, limits: SourceLimits, home: str) -> dict[str, str]:
    config: list[tuple[str, str]] = [("http.followRedirects", "false"), *limits.git_config]
    if source.token:
        basic = base64.b64encode(f"x-access-token:{source.token}".encode()).decode()
        config.append(("http.extraHeader", f"Authorization: Basic {basic}"))
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_ASKPASS": "/bin/false",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_LFS_SKIP_SMUDGE": "1",
        "GIT_ALLOW_PROTOCOL": "http:https" if limits.allow_http_git else "https",
        "GIT_CONFIG_COUNT": str(len(config)),
    }
    for index, (key, value) in enumerate(config):
        env[f"GIT_CONFIG_KEY_{index}"] = key
        env[f"GIT_CONFIG_VALUE_{index}"] = value
    return env


def _run(
    args: list[str],
    env: Mapping[str, str],
    watch: Path,
    deadline: float,
    limits: SourceLimits,
    token: str | None,
) -> None:
    # stderr goes to a file: a pipe nobody reads while we poll could fill up and block git.
    with tempfile.TemporaryFile() as errfile:
        proc = subprocess.Popen(
            ["git", *args],
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=errfile,
            start_new_session=True,
        )
        try:
            _watch(proc, watch, deadline, limits)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        errfile.seek(0)
        stderr = errfile.read().decode("utf-8", "replace").strip()
    if proc.returncode != 0:
        message = stderr.splitlines()[-1] if stderr else f"exit {proc.returncode}"
        if token:
            message = message.replace(token, "***")
        raise SourceError(f"git {args[2] if args[0] == '-C' else args[0]} failed: {message[:300]}")


def _watch(
    proc: subprocess.Popen[bytes], watch: Path, deadline: float, limits: SourceLimits
) -> None:
    while proc.poll() is None:
        if time.monotonic() > deadline:
            raise SourceError(f"git timed out after {limits.git_timeout_seconds:g} s")
        if _dir_size(watch) > limits.max_total_bytes:
            raise SourceError("repository is larger than the size limit")
        time.sleep(POLL_SECONDS)


def clone(source: GitSource, root: Path, limits: SourceLimits) -> None:
    """Fetch ``source`` (its ref, or the default branch) into ``root`` without history, or
    with all of it (``source.history``: the repository stays, for the history scan; it is
    this server's own repository, made with no template, so none of the remote's hooks or
    configuration come with it)."""
    parts = urlsplit(source.url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = resolve_public(host, port, limits.allow_private_targets)
    pinned = f"[{address}]" if ":" in address else address
    resolve = (("http.curloptResolve", f"{host}:{port}:{pinned}"),)
    pinned_limits = dataclasses.replace(limits, git_config=limits.git_config + resolve)
    deadline = time.monotonic() + limits.git_timeout_seconds
    with tempfile.TemporaryDirectory(prefix="stockade-git-home-") as home:
        env = _environment(source, pinned_limits, home)
        root.mkdir(parents=True, exist_ok=True)
        _run(["init", "-q", "--template=", str(root)], env, root, deadline, limits, None)
        fetch = [
            "-C",
            str(root),
            "fetch",
            "-q",
            *(() if source.history else ("--depth", "1")),
            "--no-tags",
            "--",
            source.url,
            source.ref or "HEAD",
        ]
        _run(fetch, env, root, deadline, limits, source.token)
        checkout = ["-C", str(root), "-c", "core.symlinks=false", "checkout", "-q", "FETCH_HEAD"]
        _run(checkout, env, root, deadline, limits, None)
    if not source.history:
        _remove_git_dir(root)


def _remove_git_dir(root: Path) -> None:
    shutil.rmtree(root / ".git", ignore_errors=True)
