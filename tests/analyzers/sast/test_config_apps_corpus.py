"""The config-file and template corpus (tests/corpus/sast/config-apps): a Spring Boot
service's settings (properties and multi-document YAML, a dev profile, test resources), a
Django blog (settings.py and templates), a Flask shop (config classes, Jinja templates, a
``.j2`` mail template), an Express forum (EJS views with a layout and partials,
Handlebars and Pug views, a static page) and a Quarkus service's settings, with vulnerable and safe look-alike lines annotated.
Scored the way the held-back benchmark scores: a line counts as found when any finding
starts on it.

The corpus was written alongside the rules by the same hand, so these figures show the
mechanism working end to end more than they measure it independently. As first written
(Spring, Django, Flask, Express apps): recall 1.00 (52 of 52 vulnerable lines) at precision
0.98 (1 false positive in 65 safe lines: ``template.url-attribute`` on a shop's configured
Instagram link, ``href="{{ shop.instagram_url }}"``). That rule then became a general
narrowing, checked against real templates too (RabbitMQ's management UI, the App Engine
dev server's admin pages, Sphinx themes: 25 of its 25 findings there were server-built URLs
such as ``{{ next_url }}`` or ``{{ pathto(...) }}``): it now reports only record fields that
hold a typed-in URL (``profile.website``, ``post.sourceUrl``, ``link.url``), not a file
field's ``.url``. Added afterwards, as first written: a Quarkus service's settings and a Pug
admin view, 6 of 6 vulnerable lines, no false positive in 9 safe ones.

Final: recall 1.00 (58 of 58) at precision 1.00 (0 false positives in 74 safe lines)."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "config-apps"


def test_config_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 55 and lines.fp + lines.tn >= 70
    assert lines.tpr >= 0.9, lines.misses
    assert lines.precision >= 0.9, lines.misses
