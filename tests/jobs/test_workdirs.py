"""A job's work directory goes away however the job ends (issue #23, item 3).

The real runner (``run_claimed``: lease, heartbeat thread, analysis child process) runs jobs
from a real database; a real HTTPS git server on loopback that never answers keeps a job
running (its clone sits in the work directory) for as long as a test needs.
"""

from __future__ import annotations

import io
import tarfile
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest
from sqlalchemy import update

from git_https_server import GitServer, git_processes_for, make_repository, serve_git
from job_project import SQLI
from server_fixtures import make_settings
from stockade.config import Settings
from stockade.jobs import lease, workdir
from stockade.jobs.inprocess import InProcessRunner
from stockade.jobs.lease import Claimed
from stockade.jobs.runner import run_claimed
from stockade.store import Database, upgrade
from stockade.store.job_models import CANCELLED, COMPLETED, FAILED, QUEUED, RUNNING, Job
from stockade.store.types import utcnow

SETTLE = 15.0  # seconds a runner gets to notice a cancellation and clean up


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


@pytest.fixture
def git(tmp_path: Path) -> Iterator[GitServer]:
    """A git server that accepts connections and never answers: a clone that hangs."""
    repos = tmp_path / "repos"
    repos.mkdir()
    make_repository(repos / "app.git", {"app.py": SQLI})
    with serve_git(repos, tmp_path, hang=True) as server:
        yield server
    deadline = time.monotonic() + SETTLE
    while git_processes_for(server.url) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert git_processes_for(server.url) == [], "a clone outlived its job"


def settings_for(
    tmp_path: Path, db_url: str, server: GitServer | None = None, **jobs: Any
) -> Settings:
    return make_settings(
        tmp_path,
        db_url,
        jobs={"timeout_seconds": 60, "lease_seconds": 3, **jobs},
        server={
            "allow_private_targets": ["127.0.0.1/32"],
            "analysis": {"git_ca_file": str(server.cert) if server else None},
        },
    )


def queue(db: Database, source: dict[str, Any], payload: bytes | None = None) -> str:
    with db.session() as s:
        job = Job(status=QUEUED, source=source, payload=payload, modules=["sast"])
        s.add(job)
        s.flush()
        return job.id


def git_job(db: Database, server: GitServer) -> str:
    return queue(db, {"type": "git", "url": f"{server.url}/app.git"})


def files_job(db: Database) -> str:
    return queue(db, {"type": "files", "files": 1}, orjson.dumps([["app.py", SQLI]]))


def claim(db: Database, job_id: str, worker: str = "test-host:1:aaaa") -> Claimed:
    claimed = lease.claim(db, worker, job_id, timedelta(seconds=3))
    assert claimed is not None
    return claimed


class Running(threading.Thread):
    """``run_claimed`` on its own thread, as a runner thread runs it."""

    def __init__(self, db: Database, settings: Settings, claimed: Claimed) -> None:
        super().__init__(daemon=True)
        self.args = (db, settings, claimed)
        self.result: str | None = "not finished"

    def run(self) -> None:
        self.result = run_claimed(*self.args)

    def outcome(self) -> str | None:
        self.join(SETTLE + 60)
        assert not self.is_alive(), "the runner never returned"
        return self.result


def job_dir(settings: Settings, job_id: str) -> Path:
    return workdir.work_root(settings.data_dir) / job_id


def wait_for_clone(settings: Settings, claimed: Claimed, server: GitServer) -> Path:
    """The run's directory once the clone is under way in it."""
    src = workdir.run_dir(settings.data_dir, claimed) / "src"
    deadline = time.monotonic() + 30
    while not (src.is_dir() and git_processes_for(server.url)):
        assert time.monotonic() < deadline, "the clone never started in the work directory"
        time.sleep(0.05)
    return src.parent


def status_of(db: Database, job_id: str) -> str | None:
    with db.session() as s:
        job = s.get(Job, job_id)
        return job.status if job else None


def test_completed_job_leaves_nothing(tmp_path: Path, db_url: str, db: Database) -> None:
    settings = settings_for(tmp_path, db_url)
    job_id = files_job(db)
    assert run_claimed(db, settings, claim(db, job_id)) == COMPLETED
    assert not job_dir(settings, job_id).exists()
    root = workdir.work_root(settings.data_dir)
    assert root.is_dir() and list(root.iterdir()) == []
    assert root.stat().st_mode & 0o777 == 0o700


def test_failed_job_leaves_nothing(tmp_path: Path, db_url: str, db: Database) -> None:
    """An archive the source layer refuses (a file and a directory of one path, issue #23
    item 6) fails the job with that message, not a crashed analysis process."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        info = tarfile.TarInfo("x")
        info.size = 1
        tf.addfile(info, io.BytesIO(b"x"))
        folder = tarfile.TarInfo("x/")
        folder.type = tarfile.DIRTYPE
        tf.addfile(folder)
    settings = settings_for(tmp_path, db_url)
    job_id = queue(db, {"type": "archive", "filename": "p.tgz"}, buf.getvalue())
    assert run_claimed(db, settings, claim(db, job_id)) == FAILED
    with db.session() as s:
        job = s.get(Job, job_id)
        assert job is not None and job.error is not None
        assert job.error.startswith("source: archive member 'x' clashes"), job.error
    assert not job_dir(settings, job_id).exists()


def test_timed_out_job_leaves_nothing(
    tmp_path: Path, db_url: str, db: Database, git: GitServer
) -> None:
    settings = settings_for(tmp_path, db_url, git, timeout_seconds=3)
    claimed = claim(db, git_job(db, git))
    run = Running(db, settings, claimed)
    run.start()
    wait_for_clone(settings, claimed, git)
    assert run.outcome() == FAILED
    assert not job_dir(settings, claimed.job_id).exists()


def test_cancelled_running_job_is_stopped_and_leaves_nothing(
    tmp_path: Path, db_url: str, db: Database, git: GitServer
) -> None:
    settings = settings_for(tmp_path, db_url, git)
    claimed = claim(db, git_job(db, git))
    run = Running(db, settings, claimed)
    run.start()
    wait_for_clone(settings, claimed, git)
    with db.session() as s:
        assert lease.cancel(s, claimed.job_id)
    assert run.outcome() is None  # not the runner's to finish
    assert not job_dir(settings, claimed.job_id).exists()
    assert status_of(db, claimed.job_id) == CANCELLED


def test_deleted_running_job_leaves_nothing(
    tmp_path: Path, db_url: str, db: Database, git: GitServer
) -> None:
    settings = settings_for(tmp_path, db_url, git)
    claimed = claim(db, git_job(db, git))
    run = Running(db, settings, claimed)
    run.start()
    wait_for_clone(settings, claimed, git)
    with db.session() as s:  # what DELETE /api/v1/jobs/{id} does
        lease.cancel(s, claimed.job_id)
        job = s.get(Job, claimed.job_id)
        assert job is not None
        s.delete(job)
    workdir.remove_workdir(settings.data_dir, claimed.job_id)
    assert run.outcome() is None
    assert not job_dir(settings, claimed.job_id).exists()


def _take_over(db: Database, job_id: str, worker: str) -> Claimed:
    """Let the lease lapse and claim the job for ``worker``, as a second runner would.
    The holder's heartbeat may renew the lease in between; then try again."""
    for _ in range(20):
        with db.session() as s:
            s.execute(
                update(Job)
                .where(Job.id == job_id)
                .values(lease_until=utcnow() - timedelta(seconds=1))
            )
        taken = lease.claim(db, worker, job_id, timedelta(seconds=60))
        if taken is not None:
            return taken
    raise AssertionError("could not take the lease over")


def test_lease_taken_over(tmp_path: Path, db_url: str, db: Database, git: GitServer) -> None:
    """The old holder removes its own run and nothing of the new holder's."""
    settings = settings_for(tmp_path, db_url, git)
    old = claim(db, git_job(db, git))
    run = Running(db, settings, old)
    run.start()
    old_dir = wait_for_clone(settings, old, git)
    new = _take_over(db, old.job_id, "other-host:2:bbbb")
    new_dir = workdir.prepare(db, settings.data_dir, new)
    (new_dir / "marker").write_text("the new holder's")
    assert run.outcome() is None  # the lease was lost: it writes nothing
    assert not old_dir.exists()
    assert (new_dir / "marker").read_text() == "the new holder's"
    with db.session() as s:
        lease.cancel(s, old.job_id)
    workdir.remove(new_dir)
    assert not job_dir(settings, old.job_id).exists()


def test_new_holder_removes_a_dead_holders_leftovers(
    tmp_path: Path, db_url: str, db: Database
) -> None:
    settings = settings_for(tmp_path, db_url)
    job_id = files_job(db)
    dead = claim(db, job_id, "dead-host:1:dddd")  # then killed: its run stays on disk
    leftover = workdir.prepare(db, settings.data_dir, dead) / "src"
    leftover.mkdir()
    (leftover / "big.bin").write_bytes(b"\0" * 4096)
    with db.session() as s:
        s.execute(
            update(Job).where(Job.id == job_id).values(lease_until=utcnow() - timedelta(minutes=1))
        )
    assert run_claimed(db, settings, claim(db, job_id, "live-host:1:eeee")) == COMPLETED
    assert not job_dir(settings, job_id).exists()


def _job_in(db: Database, status: str, **values: Any) -> str:
    with db.session() as s:
        job = Job(status=status, source={"type": "files", "files": 1}, modules=["sast"], **values)
        s.add(job)
        s.flush()
        return job.id


def _leave_run(settings: Settings, job_id: str, attempt: int, worker: str) -> Path:
    path = workdir.run_dir(settings.data_dir, Claimed(job_id, worker, attempt)) / "src"
    path.mkdir(parents=True)
    (path / "app.py").write_text(SQLI)
    return path.parent


def test_sweep_removes_only_runs_without_a_live_lease(
    tmp_path: Path, db_url: str, db: Database
) -> None:
    """Servers and workers sharing the data directory: a live run elsewhere survives."""
    settings = settings_for(tmp_path, db_url)
    soon, past = utcnow() + timedelta(minutes=5), utcnow() - timedelta(minutes=5)
    live = _job_in(db, RUNNING, worker="peer:7:ffff", attempts=2, lease_until=soon)
    lapsed = _job_in(db, RUNNING, worker="gone:1:0000", attempts=1, lease_until=past)
    ended = {s: _job_in(db, s) for s in (COMPLETED, FAILED, CANCELLED, QUEUED)}
    deleted = str(uuid.uuid4())
    keep = _leave_run(settings, live, 2, "peer:7:ffff")
    stale = [
        _leave_run(settings, live, 1, "gone:1:0000"),  # its previous holder's
        _leave_run(settings, lapsed, 1, "gone:1:0000"),
        _leave_run(settings, deleted, 1, "gone:1:0000"),
        *(_leave_run(settings, job_id, 1, "gone:1:0000") for job_id in ended.values()),
    ]
    root = workdir.work_root(settings.data_dir)
    (root / "notes").mkdir()  # not named like a job: not ours to judge

    assert workdir.sweep(db, settings.data_dir) == len(stale)
    assert (keep / "src" / "app.py").is_file()
    assert all(not path.exists() for path in stale)
    assert sorted(p.name for p in root.iterdir()) == sorted([live, "notes"])


def test_runner_start_sweeps(tmp_path: Path, db_url: str, db: Database) -> None:
    settings = settings_for(tmp_path, db_url)
    job_id = _job_in(db, COMPLETED)
    left = _leave_run(settings, job_id, 1, "crashed:1:1111")
    runner = InProcessRunner(db, settings)
    runner.start()
    try:
        assert not left.exists() and not job_dir(settings, job_id).exists()
    finally:
        runner.stop()
