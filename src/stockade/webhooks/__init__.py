"""Events and webhooks: events written to an outbox in the transaction of the change that
causes them, organization webhooks with signed deliveries, retries with backoff for about
three days, and a delivery log. No HTTP server code here: the server calls these services;
outbound HTTP goes through a :class:`~stockade.webhooks.sender.Sender`.
"""
