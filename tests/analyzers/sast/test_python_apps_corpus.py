"""The realistic Python app corpus (tests/corpus/sast/python-apps): eight small multi-file
projects (Flask shop, FastAPI notes, Django blog, a backup CLI, Lambda handlers, Celery and
RabbitMQ workers, an aiohttp/Tornado/GraphQL chat, an ops helper library) with vulnerable and
safe look-alike lines annotated. Scored the way the held-back benchmark scores: a line counts
as found when any finding starts on it.

Figures recorded (not tuned to): the first six apps as written scored recall 0.96, precision
0.95 (52/54 found, 3 false positives in 39 safe lines); the two apps added later scored, as
written, recall 0.91 and precision 0.99 over all eight (80 of 88, 1 false positive in 57).
After general API coverage those misses showed (Tornado's redirect, aiohttp HTML responses and
WebSocket messages, Markup.format/format_html as escapers, server constructors bound to all
interfaces): recall 0.98, precision 0.99. Left: a constant-dict lookup keyed by queue data
(the engine taints the looked-up value), a YAML file opened by path with the full loader, and
an owner-only pickle state file.

Three more apps (FastAPI + SQLAlchemy/asyncpg + Jinja2 inventory, a Django CRM, a Celery /
Lambda / click ops worker), first written: 40 of 46 vulnerable lines, 3 false positives in 44
safe ones (recall 0.87, precision 0.93). Fixed as classes: pydantic-settings annotated
secrets and settings-dict passwords, Django extra(order_by=), LDAP filters from CLI/queue
input, a constant (UPPER_CASE) IV, boto3 download_file's local path; FPs: Starlette's
TemplateResponse and Django's render are auto-escaping renderers, pathlib's Path(x).name is a
basename, psycopg's sql.Identifier/Literal quote. After: 45 of 46, no false positive. Left: a
helper in another file forwarding its parameter unchanged into extra(order_by=[...]) (the
engine's summaries are per file).

Three apps written after those fixes, scored as written (the generalization figure): an
Azure/GCP functions feed service 11 of 13, 1 FP in 11 (a pymongo filter dict taken for an
ElementTree path, a queue message logged, Playwright's page.goto); a Tornado wiki 8 of 14,
1 FP in 6 (settings-dict cookie_secret/autoescape/xsrf_cookies, asyncio's
create_subprocess_shell, zip member names written out, a random token returned by a helper;
Tornado's self.write(dict) is JSON; one line first marked safe was relabelled: minidom on an
upload is an entity-expansion bug); a DRF ticket API 5 of 7, no FP in 6 (self.request.
query_params, a ModelSerializer with fields = "__all__"); a library package (datakit: loaders
and a query helper taking their callers' arguments) 6 of 6, no FP in 5; a network agent
(socketserver, input(), environment, stdin, YAML rule files) 3 of 5, no FP in 6 (a
StreamRequestHandler's rfile was no source; YAML read from an opened file; one line first
marked vulnerable, exec of the plugin file the operator names, was relabelled safe). After:
all found, no FP; the opened-file source (``open()``, kind ``file``, used only by the YAML and
pickle deserialisation rules) also finds the two lines left above (the YAML config and the
pickle state file). A last app of audit checks (CORS, cookie flags, ReDoS, short RSA keys,
TLS settings, mktemp, file modes, timeouts) scored 10 of 10, no FP in 6, as written. All
sixteen apps: 188 of 189, 1 false positive in 141 safe lines (recall 0.99, precision
0.99)."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "python-apps"


def test_python_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 50 and lines.fp + lines.tn >= 35
    assert lines.tpr >= 0.90, lines.misses
    assert lines.precision >= 0.90, lines.misses
