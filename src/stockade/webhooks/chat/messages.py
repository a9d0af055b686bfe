"""Chat messages in Slack's incoming-webhook shape: ``{"text": ..., "blocks": [...]}``.

``text`` is the whole message in plain words, for the notification preview and for the
receivers that ignore ``blocks`` (Mattermost, Rocket.Chat and Teams workflows read
``text``); ``blocks`` are ``section`` blocks with ``mrkdwn`` text and a ``context`` footer.

Messages carry rule ids, titles, locations and finding ids, never a finding's message or
snippet: those may quote a secret (redacted, but a chat channel is the wrong place for even
a preview). Text from findings is escaped (``&``, ``<``, ``>``), so a crafted title cannot
forge a link or mention.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stockade.webhooks.chat import kinds

SEVERITY_ORDER = ("critical", "high", "medium", "low", "info")


def escape(text: object) -> str:
    """Slack's three control characters of ``mrkdwn``, escaped as it documents."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text[:3000]}}


def _context(text: str) -> dict[str, Any]:
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": text[:3000]}]}


def _link(public_url: str | None, path: str, label: str) -> str:
    """A link when the server's public address is known, else the API path as code."""
    if public_url:
        return f"<{public_url.rstrip('/')}{path}|{escape(label)}>"
    return f"`{path}`"


def render(kind: str, data: Mapping[str, Any], public_url: str | None) -> dict[str, Any]:
    """The message of ``kind`` for ``data`` (the outbox row's content)."""
    if kind == kinds.CRITICAL_FINDINGS:
        return _findings(data, public_url)
    if kind == kinds.QUOTA_ALERTS:
        return _quota(data)
    if kind in kinds.SCHEDULED:
        return _report(kind, data, public_url)
    text = "Stockade test message: chat notifications reach this channel."
    return {"text": text, "blocks": [_section(f":white_check_mark: {text}")]}


def _findings(data: Mapping[str, Any], public_url: str | None) -> dict[str, Any]:
    scan = str(data["scan_id"])
    project = escape(data.get("project") or "a scan without a project")
    counts = data.get("counts", {})
    tally = ", ".join(f"{counts[s]} {s}" for s in SEVERITY_ORDER if counts.get(s))
    total = int(data["total"])
    noun = "finding" if total == 1 else "findings"
    text = f"{total} new {noun} ({tally}) in {project}, scan {scan}"
    lines = []
    for f in data["findings"]:
        where = escape(f.get("file") or "?")
        if f.get("line"):
            where += f":{f['line']}"
        title = escape(f.get("title") or f["rule_id"])
        lines.append(
            f"• *{escape(f['severity'])}* `{escape(f['rule_id'])}` {title}\n"
            f"    `{where}` · finding `{escape(f['id'])}`"
        )
    more = total - len(lines)
    if more > 0:
        lines.append(f"… and {more} more")
    findings_link = _link(public_url, f"/api/v1/jobs/{scan}/findings", "all findings")
    return {
        "text": f":rotating_light: {text}",
        "blocks": [
            _section(f":rotating_light: *{total} new {noun}* ({tally}) in *{project}*"),
            _section("\n".join(lines)),
            _context(f"Scan `{scan}` · {findings_link}"),
        ],
    }


def _quota(data: Mapping[str, Any]) -> dict[str, Any]:
    threshold, used, limit = data["threshold"], data["tokens_used"], data["tokens_limit"]
    text = f"{threshold} % of this month's analysis tokens are used ({used} of {limit})"
    icon = ":no_entry:" if int(threshold) >= 100 else ":warning:"
    return {"text": f"{icon} {text}", "blocks": [_section(f"{icon} *Quota*: {text}")]}


def _report(kind: str, data: Mapping[str, Any], public_url: str | None) -> dict[str, Any]:
    title = "Daily summary" if kind == kinds.DAILY_SUMMARY else "Weekly report"
    window = f"{data['from']} to {data['to']} ({escape(data['timezone'])})"
    jobs = data["jobs"]
    severities = data["severities"]
    tally = ", ".join(f"{severities.get(s, 0)} {s}" for s in SEVERITY_ORDER)
    text = (
        f"{title}, {window}: {jobs['total']} scans ({jobs['failed']} failed), "
        f"findings {tally}; {data['new']} new, {data['resolved']} resolved"
    )
    rules = "\n".join(
        f"{i}. `{escape(r['rule_id'])}` × {r['count']}" for i, r in enumerate(data["top_rules"], 1)
    )
    blocks = [
        _section(f":bar_chart: *{title}* · {window}"),
        _section(
            f"*Scans*: {jobs['total']} ({jobs['completed']} completed, {jobs['failed']} failed)\n"
            f"*Findings*: {tally}\n"
            f"*New*: {data['new']} · *Resolved*: {data['resolved']}"
        ),
    ]
    if rules:
        blocks.append(_section(f"*Top rules*\n{rules}"))
    blocks.append(_context(_link(public_url, "/api/v1/jobs", "open Stockade")))
    return {"text": text, "blocks": blocks}
