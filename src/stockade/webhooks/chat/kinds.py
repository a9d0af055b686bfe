"""The kinds of chat message; the first four are the switches of an organization's settings."""

from __future__ import annotations

CRITICAL_FINDINGS = "critical_findings"
QUOTA_ALERTS = "quota_alerts"
DAILY_SUMMARY = "daily_summary"
WEEKLY_REPORT = "weekly_report"
TEST = "test"  # the test action's message; never queued

SWITCHES = (CRITICAL_FINDINGS, QUOTA_ALERTS, DAILY_SUMMARY, WEEKLY_REPORT)
SCHEDULED = (DAILY_SUMMARY, WEEKLY_REPORT)
# Findings at or above this severity are announced unless the organization chose another.
DEFAULT_MIN_SEVERITY = "critical"
