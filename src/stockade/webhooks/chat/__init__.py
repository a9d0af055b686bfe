"""Chat notifications: a Slack-compatible incoming webhook per organization (Mattermost,
Rocket.Chat and Teams workflows accept the same ``{"text", "blocks"}`` shape).

Messages are rows of the chat outbox, written in the transaction of what causes them
(:mod:`.outbox`: a job's new critical findings, a quota threshold; :mod:`.schedule`: the
daily summary and weekly report), and sent by the webhook dispatcher (:mod:`.dispatch`)
with the webhooks' retry schedule. One job per module: :mod:`.integration` (settings),
:mod:`.messages` (rendering), :mod:`.summary` (the SQL aggregates of a report).
"""
