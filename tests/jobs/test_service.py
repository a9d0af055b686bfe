"""The jobs service on a real database: submission, reads, listing, cancel, delete, findings,
triage and export, and the one rule that matters most: another user's job or finding is
indistinguishable from one that does not exist."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

from server_fixtures import make_settings
from stockade.config import Settings, resolve_encryption_keys
from stockade.jobs.service import (
    Caller,
    FindingNotFoundError,
    InvalidCursorError,
    JobFinishedError,
    JobNotCompletedError,
    JobNotFoundError,
    JobService,
    OrganizationNotFoundError,
    SourceRejectedError,
    UnknownModuleError,
)
from stockade.store import Database, upgrade
from stockade.store.crypto import SecretBox
from stockade.store.job_models import CANCELLED, COMPLETED, QUEUED, Job, JobFinding
from stockade.store.models import User

FILES = {"type": "files", "files": [{"path": "app.py", "content": "x = 1\n"}]}


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:
    return make_settings(tmp_path, db_url)


@pytest.fixture
def db(settings: Settings) -> Iterator[Database]:
    database = Database(settings.database.url)
    upgrade(database.engine)
    yield database
    database.dispose()


def _user(db: Database, email: str) -> Caller:
    with db.session() as s:
        user = User(email=email, password_hash="x")
        s.add(user)
        s.flush()
        return Caller(user.id)


@pytest.fixture
def alice(db: Database) -> Caller:
    return _user(db, "alice@example.com")


@pytest.fixture
def bob(db: Database) -> Caller:
    return _user(db, "bob@example.com")


def _service(session: Session, settings: Settings) -> JobService:
    return JobService(session, settings, SecretBox(resolve_encryption_keys(settings)))


def test_inline_sources_and_git_tokens_are_stored_sealed(
    db: Database, settings: Settings, alice: Caller
) -> None:
    token = "tok-" + "q" * 30
    with db.session() as s:
        jobs = _service(s, settings)
        files = jobs.submit(alice, jobs.parse_source(FILES)).job.id
        git = jobs.submit(
            alice,
            jobs.parse_source(
                {"type": "git", "url": "https://git.example.com/a/b.git", "token": token}
            ),
        ).job.id
    box = SecretBox(resolve_encryption_keys(settings))
    with db.session() as s:
        stored_files, stored_git = s.get(Job, files), s.get(Job, git)
        assert stored_files is not None and stored_git is not None
        assert stored_files.payload is not None and b"app.py" not in stored_files.payload
        assert b"app.py" in box.open(stored_files.payload)
        assert stored_git.credential is not None and token.encode() not in stored_git.credential
        assert box.open(stored_git.credential) == token.encode()
        assert token not in str(stored_git.source)
        assert _service(s, settings).cancel(alice, git)
    with db.session() as s:
        ended = s.get(Job, git)
        assert ended is not None and ended.credential is None and ended.payload is None


def _submit(
    db: Database,
    settings: Settings,
    caller: Caller,
    project: dict[str, Any] | None = None,
    modules: list[str] | None = None,
) -> str:
    with db.session() as s:
        jobs = _service(s, settings)
        source = jobs.parse_source(FILES)
        return jobs.submit(caller, source, project=project, modules=modules).job.id


def _complete_with_findings(db: Database, job_id: str, severities: list[str]) -> list[str]:
    """What a runner would have written: a completed job and its findings."""
    with db.session() as s:
        job = s.get(Job, job_id)
        assert job is not None
        job.status = COMPLETED
        job.module_results = [{"module": "sast", "status": "completed", "findings_count": 1}]
        rows = [
            JobFinding(
                job_id=job_id,
                fingerprint=f"{n:064x}",
                module="sast",
                rule_id=f"demo-{n}",
                severity=sev,
                severity_rank=["critical", "high", "medium", "low", "info"].index(sev),
                data={
                    "rule_id": f"demo-{n}",
                    "module": "sast",
                    "severity": sev,
                    "file": "app.py",
                    "line": n + 1,
                    "fingerprint": f"{n:064x}",
                },
            )
            for n, sev in enumerate(severities)
        ]
        s.add_all(rows)
        s.flush()
        return [r.id for r in rows]


def test_submit_queues_a_job_owned_by_the_caller(
    db: Database, settings: Settings, alice: Caller
) -> None:
    job_id = _submit(db, settings, alice, project={"name": "shop"}, modules=["sast", "sast"])
    with db.session() as s:
        job = _service(s, settings).get(alice, job_id)
        assert job.status == QUEUED
        assert job.created_by == alice.user_id
        assert job.modules == ["sast"]
        assert job.source == {"type": "files", "files_count": 1}
        assert job.payload is not None  # the inline files wait in the row for the runner
        assert job.project_key == f"user:{alice.user_id}/shop"


def test_submission_refusals_queue_nothing(db: Database, settings: Settings, alice: Caller) -> None:
    with db.session() as s:
        jobs = _service(s, settings)
        source = jobs.parse_source(FILES)
        with pytest.raises(UnknownModuleError, match="nope"):
            jobs.submit(alice, source, modules=["nope"])
        with pytest.raises(OrganizationNotFoundError):
            jobs.submit(alice, source, organization_id="5c0f4f4e-0000-4000-8000-000000000000")
        with pytest.raises(SourceRejectedError):
            jobs.parse_source({"type": "files", "files": []})
        assert jobs.list_jobs(alice).items == []


def test_another_users_job_does_not_exist_for_them(
    db: Database, settings: Settings, alice: Caller, bob: Caller
) -> None:
    job_id = _submit(db, settings, alice)
    with db.session() as s:
        jobs = _service(s, settings)
        for attempt in (
            lambda: jobs.get(bob, job_id),
            lambda: jobs.detail(bob, job_id),
            lambda: jobs.cancel(bob, job_id),
            lambda: jobs.delete(bob, job_id),
            lambda: jobs.findings(bob, job_id),
            lambda: jobs.export(bob, job_id),
            lambda: jobs.get(alice, "00000000-0000-4000-8000-000000000000"),
        ):
            with pytest.raises(JobNotFoundError, match="no such job"):
                attempt()
        assert jobs.list_jobs(bob).items == []
        assert jobs.get(alice, job_id).status == QUEUED  # bob's attempts changed nothing


def test_list_pages_newest_first_with_filters(
    db: Database, settings: Settings, alice: Caller, bob: Caller
) -> None:
    ids = [_submit(db, settings, alice) for _ in range(3)]
    _submit(db, settings, bob)
    with db.session() as s:
        jobs = _service(s, settings)
        first = jobs.list_jobs(alice, limit=2)
        assert [j.id for j in first.items] == ids[::-1][:2]
        assert first.next_cursor == ids[1]
        rest = jobs.list_jobs(alice, limit=2, cursor=first.next_cursor)
        assert [j.id for j in rest.items] == [ids[0]]
        assert rest.next_cursor is None
        jobs.cancel(alice, ids[1])
        assert [j.id for j in jobs.list_jobs(alice, status=CANCELLED).items] == [ids[1]]
        # An organization the caller is not a member of is not there at all.
        with pytest.raises(OrganizationNotFoundError):
            jobs.list_jobs(alice, organization_id=ids[0])
        bobs = jobs.list_jobs(bob).items[0].id
        with pytest.raises(InvalidCursorError):
            jobs.list_jobs(alice, cursor=bobs)  # another user's job is no position here


def test_cancel_then_cancel_again_conflicts(
    db: Database, settings: Settings, alice: Caller
) -> None:
    job_id = _submit(db, settings, alice)
    with db.session() as s:
        job = _service(s, settings).cancel(alice, job_id)
        assert job.status == CANCELLED
        assert job.payload is None
        assert job.finished_at is not None
    with db.session() as s, pytest.raises(JobFinishedError, match=r"already ended \(cancelled\)"):
        _service(s, settings).cancel(alice, job_id)


def test_delete_removes_the_job_and_its_findings(
    db: Database, settings: Settings, alice: Caller
) -> None:
    job_id = _submit(db, settings, alice)
    finding_ids = _complete_with_findings(db, job_id, ["high"])
    with db.session() as s:
        _service(s, settings).delete(alice, job_id)
    with db.session() as s:
        jobs = _service(s, settings)
        with pytest.raises(JobNotFoundError):
            jobs.get(alice, job_id)
        with pytest.raises(FindingNotFoundError):
            jobs.history(alice, finding_ids[0])
        assert s.get(JobFinding, finding_ids[0]) is None


def test_findings_page_by_severity_and_triage_records_history(
    db: Database, settings: Settings, alice: Caller, bob: Caller
) -> None:
    job_id = _submit(db, settings, alice)
    low, critical, high = _complete_with_findings(db, job_id, ["low", "critical", "high"])
    with db.session() as s:
        jobs = _service(s, settings)
        page = jobs.findings(alice, job_id, limit=2)
        assert [f["id"] for f in page.items] == [critical, high]
        assert page.items[0]["location"] == "app.py:2:1"
        rest = jobs.findings(alice, job_id, limit=2, cursor=page.next_cursor)
        assert [f["id"] for f in rest.items] == [low]
        assert [f["id"] for f in jobs.findings(alice, job_id, severity="high").items] == [high]
        with pytest.raises(InvalidCursorError):
            jobs.findings(alice, job_id, cursor=job_id)

        with pytest.raises(FindingNotFoundError):
            jobs.triage(bob, high, "resolved", "not mine")
        with pytest.raises(FindingNotFoundError):
            jobs.history(bob, high)
        assert jobs.triage(alice, high, "false_positive", "test fixture")["state"] == (
            "false_positive"
        )
        jobs.triage(alice, high, "false_positive", "again: no change, no event")
        events = jobs.history(alice, high)
        assert [(e.from_state, e.to_state, e.user_id) for e in events] == [
            ("open", "false_positive", alice.user_id)
        ]
        assert jobs.findings(alice, job_id, state="false_positive").items[0]["id"] == high


def test_export_needs_a_completed_job(db: Database, settings: Settings, alice: Caller) -> None:
    job_id = _submit(db, settings, alice)
    with db.session() as s, pytest.raises(JobNotCompletedError, match="the job is queued"):
        _service(s, settings).export(alice, job_id)
    _complete_with_findings(db, job_id, ["medium", "critical"])
    with db.session() as s:
        result = _service(s, settings).export(alice, job_id)
    assert [f.severity.value for f in result.findings] == ["critical", "medium"]
    assert [m.name for m in result.modules] == ["sast"]
    assert result.modules[0].rules  # SARIF rules come from the installed analyzer
