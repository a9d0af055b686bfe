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

Three more apps (rails_billing: controllers, an admin namespace, a model, a Sidekiq job, an
ERB view, initializers and a Rake file; grape_inventory: a Grape API, an HTTP client service
and Rack hooks; sinatra_webhooks: a Sinatra app on Sequel, a store module and Lambda/SQS
handlers) first written: recall 0.91, precision 0.94 (49 of 54 vulnerable lines, 3 false
positives in 51 safe ones; a Sinatra view pair was dropped before scoring, as Sinatra's ERB
does not escape <%= %> unless configured to). General fixes: a secret literal in a constant
(``API_TOKEN = "sk_live_..."``), a request built from a Rack environment
(``Rack::Request.new(env).params``) and loggers kept in constants or variables (``LOG.info``)
as log sinks, Sinatra render helpers given the request's text or symbol (``erb
params[:name].to_sym``), and ``<a target="_blank">`` to an outside URL written as HTML in
an ERB view (erb.py now marks the line). False positives fixed: Rake's ``sh`` with an
argument list runs no shell, and a /tmp path named by ``SecureRandom`` is not predictable.
After: 53 of 54, 1 false positive in 51. Left (engine): a Sinatra route block's last
expression is the response body (``"<p>#{params[:msg]}</p>"``), and the
``HANDLERS.fetch(key, "Default")`` constant-hash lookup above.

Two apps written after those fixes, scored as written: rails_helpdesk (controllers, an API
controller, an ActiveJob, a model and a view) 16 of 16 with 1 false positive in 15 safe
lines, ``render html: helpers.content_tag(:div, params[:text])`` (content_tag escapes its
content; now a sanitizer); deploy_kit_gem (library code: public methods shelling out,
loading YAML, rendering ERB, unpacking releases) 7 of 10 with 1 false positive in 9. That
false positive was a mislabel (a constructor's ``@host`` went unescaped into the shell
string; the twin now escapes it); the misses: ``ERB.new(template)`` of a method parameter
(now ruby.template-injection-parameter), a parameter joined into a path by ``File.join``
(the engine marks a parameter "built" only by string building on literals, so the
``parameters: built`` path rule stays silent) and a shell line built from ``Dir.children``
names (file names are no source). After: 8 of 10, no false positive in 9. A third,
rails_reports_api (an API controller on select/joins/group, IO.popen, Process.spawn,
JSON.load, Psych, render file:, a zip importer and a Sidekiq job), scored 12 of 12 with no
false positive in 11. All twelve: 210 of 213, 3 false positives in 174 safe lines.

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
    assert lines.tp + lines.fn >= 185 and lines.fp + lines.tn >= 150
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


def test_erb_marks_links_opening_outside_pages_in_new_tabs() -> None:
    template = (
        b"<p>\n"
        b'<a href="<%= @site.url %>"\n   target="_blank">site</a>\n'
        b'<a href="/local" target="_blank">here</a>\n'
        b'<a href="https://pay.example.com" target="_blank" rel="noopener">pay</a>\n'
        b'<a href="https://x.example.com" target="_blank" rel="<%= rel %>">x</a>\n'
        b'<a href="https://docs.example.com" target=_blank>docs</a>\n'
    )
    ruby = erb_to_ruby(template)
    assert ruby.count(b"\n") == template.count(b"\n")
    marked = [i for i, line in enumerate(ruby.split(b"\n")) if b"__erb_blank_target__" in line]
    assert marked == [1, 6]
    started = time.perf_counter()
    erb_to_ruby(b'<a href="https://x" target="_blank" ' * 100_000)
    assert time.perf_counter() - started < 10.0
