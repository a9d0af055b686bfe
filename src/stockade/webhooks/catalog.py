"""The event kinds a webhook may subscribe to."""

from __future__ import annotations

SCAN_STARTED = "scan.started"
SCAN_COMPLETED = "scan.completed"
FINDING_CREATED = "finding.created"
FINDING_RESOLVED = "finding.resolved"
QUOTA_THRESHOLD = "quota.threshold"
PING = "ping"  # the test action's sample event; never subscribed to

EVENTS = (SCAN_STARTED, SCAN_COMPLETED, FINDING_CREATED, FINDING_RESOLVED, QUOTA_THRESHOLD)
