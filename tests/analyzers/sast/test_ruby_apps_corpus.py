"""The realistic Ruby app corpus (tests/corpus/sast/ruby-apps): small multi-file projects (a
Rails shop with controllers, models, a helper, ERB views and config/, a Sinatra service on
Sequel, Sidekiq/ActiveJob workers with a Lambda handler, operations CLI and Rake tasks, a
crypto/HTTP library, a Rails forum with ActionCable, GraphQL, Rack middleware and Devise)
with vulnerable and safe look-alike lines annotated. Scored the way the
held-back benchmark scores: a line counts as found when any finding starts on it.

Figures recorded (not tuned to): the five apps as first written scored recall 0.96 and
precision 0.97 (94 of 98 vulnerable lines, 3 false positives in 71 safe ones). The misses
were general gaps, fixed as such: ``$stdin.gets`` was not a source (global variables had no
dotted name), Sequel's ``DB["... #{x}"]`` is a subscript, not a call (now a pattern rule of
its own), a constant named ``*_IV`` holding a literal and a ``SIGNING_KEY`` constant were
not recognised. The false positives too: ``File.write(path, content)`` counted its content
as a path (only the path is, now), and ``Marshal.load(Marshal.dump(x))``, a deep copy, now
clears the data (bytes this process serialised name no type an attacker chose). Left: a
ternary that checks ``params[:sort]`` itself against an allow-list
(``OK.include?(params[:sort]) ? params[:sort] : "name"``) does not clear that element (the
engine validates variables and member paths, not subscripts). After: 98 of 98, 1 false
positive in 71 safe lines.

A sixth app added afterwards (community_forum) scored, as written, 21 of 23 vulnerable lines
with 2 false positives in 17 safe ones. General fixes again: a stored URL two attributes deep
(``@topic.author.website``) and ``to_json(only: ...)`` with arguments in a view, and bare
``open(url)`` of a method parameter (a taint rule now; the pattern keeps instance variables).
Left, with the ternary above: ``ORDERS.fetch(params[:order], "default")`` on a constant hash
still carries the key's taint (as Java's ``Map.of(...).getOrDefault``). All six: 121 of 121,
2 false positives in 88 safe lines.

Also here: the ERB reading (languages/erb.py) keeps a template's line numbers and tells
escaped output from unescaped output."""

from __future__ import annotations

import time
from pathlib import Path

from sast_corpus import score_corpus
from stockade.analyzers.sast.languages.erb import erb_to_ruby
from stockade.analyzers.sast.ruleset import load_all
from stockade.scan import ScanOptions, run_scan

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "ruby-apps"


def test_ruby_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 115 and lines.fp + lines.tn >= 80
    assert lines.tpr >= 0.90, lines.misses
    assert lines.precision >= 0.90, lines.misses


def test_ruby_rule_count() -> None:
    rules = load_all()["ruby"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 70


def test_erb_becomes_ruby_line_for_line() -> None:
    template = (
        b"<h1><%= @post.title %></h1>\n"
        b"<%# a comment\n   over two lines %>\n"
        b"<% if @post.published? -%>\n"
        b"  <div><%== @post.body %></div>\n"
        b'  <a href="<%= params[:next] %>">next</a>\n'
        b"  <%= form_with(model: @post) do |f| %>\n"
        b"    <%= f.text_field :title %>\n"
        b"  <% end %>\n"
        b"<% end %>\n"
        b"<p>100<%% literal</p>\n"
    )
    ruby = erb_to_ruby(template)
    assert ruby.count(b"\n") == template.count(b"\n")
    lines = ruby.split(b"\n")
    assert lines[0] == b"__erb_out__(( @post.title ));"
    assert lines[1] == lines[2] == b""  # the comment keeps its two lines, nothing else
    assert lines[3] == b" if @post.published? ;"
    assert lines[4] == b"__erb_raw__(( @post.body ));"
    assert lines[5] == b"__erb_url__(( params[:next] ));"
    assert lines[6] == b" form_with(model: @post) do |f| ;"  # a block stays bare
    assert lines[7] == b"__erb_out__(( f.text_field :title ));"
    assert lines[9] == b" end ;"
    assert lines[10] == b""


def test_erb_unclosed_and_hostile_templates_stay_linear() -> None:
    assert erb_to_ruby(b"<p>\n<% if x") == b"\n"  # an unclosed tag is text
    for hostile in (b"<%" * 400_000, b"<%= {|" * 200_000 + b"%>", b"href=" * 300_000 + b"<%= x %>"):
        started = time.perf_counter()
        erb_to_ruby(hostile)
        assert time.perf_counter() - started < 10.0  # linear: well under a second when idle


def test_erb_views_are_scanned_with_ruby_rules(tmp_path: Path) -> None:
    views = tmp_path / "app" / "views" / "posts"
    views.mkdir(parents=True)
    (views / "show.html.erb").write_text(
        "<h1><%= @post.title %></h1>\n"
        "<div><%== @post.body %></div>\n"
        "<p><%= raw params[:q] %></p>\n"
        '<a href="<%= params[:next] %>">next</a>\n'
        "<p><%= params[:q] %></p>\n",
        encoding="utf-8",
    )
    result = run_scan(tmp_path, ScanOptions(modules=("sast",), jobs=1))
    found = sorted((f.location.line, f.rule_id) for f in result.findings)
    assert found == [
        (2, "ruby.erb-unescaped-output"),
        (3, "ruby.xss"),
        (4, "ruby.erb-url-attribute-request-input"),
    ]
