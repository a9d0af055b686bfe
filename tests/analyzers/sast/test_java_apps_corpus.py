"""The realistic Java app corpus (tests/corpus/sast/java-apps): small multi-file projects (a
Spring REST service on JdbcTemplate with its security and crypto helpers, a JPA/Hibernate
billing layer, Kafka/RabbitMQ consumers, a database CLI tool, a servlet portal with a ZIP
extractor, Micronaut/Quarkus resources, an AWS Lambda handler) with vulnerable and safe look-alike lines annotated. Scored the way the held-back
benchmark scores: a line counts as found when any finding starts on it.

Figures recorded (not tuned to): the five apps as first written scored recall 0.93 and
precision 0.95 (39 of 42 vulnerable lines, 2 false positives in 30 safe ones). The misses were
general gaps, fixed as such: GCMParameterSpec's constant IV is its second argument, the
parameter audit rule lacked Hibernate's sqlRestriction and reported a Spring handler's typed
``@PathVariable long`` (route handlers are now left to the request-source rules); one label
sat on addCookie while the Secure check reports where the cookie is built. Left: a column
looked up in a constant Map.of with getOrDefault is still tainted by its key (the engine
does not know the map holds only constants).

Two apps added afterwards (Micronaut/Quarkus resources, an AWS Lambda handler with its TLS
helper) scored, as written, 9 of 10 vulnerable lines with no false positive in 5 safe ones;
the miss (Micronaut's HttpResponse.redirect) became a general open-redirect sink. All seven:
52 of 52 found, 1 false positive in 34 safe lines.

Three more apps (Spring MVC + MyBatis + JPA HR service, JAX-RS document resource with XML,
JNDI/LDAP and OGNL, a Vert.x gateway with its crypto helper), first written: 31 of 41
vulnerable lines, 1 false positive in 36 safe ones (recall 0.76, precision 0.97). Fixed as
classes: Vert.x Web sources (request().getParam, queryParam, body()), SQL client, WebClient
*Abs, sendFile/FileSystem, HTML response bodies, CorsHandler.create("*") and Cookie.cookie
chains without setSecure; JAX-RS/Spring response-builder headers; CORS origin lists
(List.of("*")); constant (UPPER_CASE) IVs and key-named literal key fields. After: 41 of 41;
the false positive left is new File(name).getName() (the constructor is a path sink even when
only its name is read). Apps written after those fixes, scored as written: a Kafka/Mongo/
LDAP/FreeMarker notification hub 8 of 10, 1 FP in 8 (a hand-built {"$where": ...} Document,
Spring LDAP's query builder encoding, getRequestDispatcher); an Azure Functions ledger 10 of
13, no FP in 10 (@HttpTrigger parameters were no source; an HTML builder body); a
Struts/JDBI/jOOQ/Velocity catalog 3 of 5, no FP in 7 (OGNL ValueStack.findValue; a JDBI
lambda's untyped handle `h`, still missed: the engine gives callback parameters no declared
type); a WebFlux/R2DBC/Panache shop 0 of 5, no FP in 5 (ServerRequest was no source; HTML
ServerResponse bodies; Panache query strings), all 5 after; an app of audit checks (ReDoS,
Jackson default typing, SSLv3, RSA-1024, 3DES, world-writable files, unsigned JWT parsing,
SAXParser XXE) 9 of 9, no FP in 6, as written. All fourteen apps: 134 of 135, 2 false
positives in 106 safe lines (recall 0.99, precision 0.99)."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "java-apps"


def test_java_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 50 and lines.fp + lines.tn >= 32
    assert lines.tpr >= 0.95, lines.misses
    assert lines.precision >= 0.95, lines.misses
