"""Monthly token quotas: the append-only ledger (reserve, refund, charge), plan pools,
Enterprise department quotas and per-member budgets, and usage alerts at 50/75/90/100 %.

The rate limiter (windows × cost classes) is a server concern and lives in
``stockade.server.ratelimit``; this package knows nothing of HTTP.
"""
