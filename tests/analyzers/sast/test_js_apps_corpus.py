"""The realistic JavaScript/TypeScript app corpus (tests/corpus/sast/js-apps): fourteen small
multi-file projects (Express shop, NestJS notes with an Angular component, Next.js/React
dashboard, Lambda handlers, kafkajs/amqplib/WebSocket workers, an AWS CDK stack, an Electron +
GraphQL notes app; then a Koa/Fastify catalog with Knex/Sequelize/mysql2/vm2/EJS/Pug, an
Angular portal, a NestJS billing API with Prisma/TypeORM and a typed React component, a
jQuery/postMessage support widget with a Puppeteer renderer and a CDK stack, Azure/GCP cloud
functions, a Next.js App Router wiki, an Express/Mongoose/Bull media service) with vulnerable
and safe look-alike lines annotated. Scored the way the held-back benchmark scores: a line
counts as found when any finding starts on it.

Figures recorded (not tuned to): as first written the first six apps scored recall 0.96 and
precision 0.98 (64 of 67 found, 1 false positive in 39 safe lines). Two misses were where a
finding was reported (a chained query builder's call starts lines above its raw fragment; a CDK
property reported at its construct), fixed by reporting at the text itself: recall 0.99,
precision 0.99. The Electron/GraphQL app, written after the GraphQL-resolver, Electron IPC,
Angular-router and Next.js page sources were added, scored 9 of 9 with no false positive in 7
safe lines; over all seven: 75 of 76, 1 false positive in 46. Left: a route passing request
data to a query helper in another module (no cross-file taint), and a template literal holding
a variable already converted with Number() (the built-SQL audit check sees the text, not the
conversion).

Second round, four apps written before any rule change (koa_catalog, angular_portal,
nest_billing, support_widget): first written 59 of 70 found (recall 0.84), 7 false positives in
66 safe lines (precision 0.89). Misses: Koa app.keys, an origin-reflecting @koa/cors function,
vm2's VM#run, fastify.listen({ host }), Renderer2.setProperty(el, "innerHTML"), jQuery $(x) and
.attr("srcdoc"), window.open without noopener, an ALB port-80 listener, Math.random returned by
a token method, a TypeORM .where() reported at its chain's start. False positives: Knex/mysql2
result rows and JSON bodies (ctx.body = {…}, res.send({…})) taken for HTML, redirects confined
by startsWith("/") && !startsWith("//"), a path confined by resolve + startsWith(ROOT),
DOMPurify-sanitized HTML marked trusted. After fixing those as classes: 70 of 70, no false
positive. Written after the fixes and scored as written: cloud_functions (Azure/GCP) 9 of 13
(recall 0.69), 2 false positives in 10 (an LDAP escape helper, a URL fetched after its hostname
passed an allow-list), then 10 of 13 and none; and next_wiki 11 of 12, none in 10 (Prisma
where-filter injection), then 12 of 12; media_service 11 of 12, 1 false positive in 9 (sharp()
opening a path; a regex escaped in place on req.query.x), then 12 of 12 and none. All fourteen:
179 of 183 (recall 0.98), 1 false positive in 141 safe lines (precision 0.99). Left: an Azure
Functions handler returning { body: html, headers: text/html } (no return sink), a Cloud
Storage object name (not a file path), and jwt.decode beside jwt.verify in one function."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "js-apps"


def test_js_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 175 and lines.fp + lines.tn >= 135
    assert lines.tpr >= 0.95, lines.misses
    assert lines.precision >= 0.95, lines.misses
