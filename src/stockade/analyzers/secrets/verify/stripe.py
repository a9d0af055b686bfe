"""Stripe: ``GET /v1/balance`` with the key as the Basic user name.

Stripe documents 401 for an invalid key and 403 for a valid key that lacks the permission
(a restricted key): 403 therefore proves the key is live.
"""

from __future__ import annotations

from stockade.analyzers.secrets.verify.http import IdentityCall, basic
from stockade.analyzers.secrets.verify.interface import Outcome, Response, Status, classify_status


def read_stripe(response: Response) -> Outcome:
    if response.status_code == 403:
        return Outcome(Status.LIVE, "HTTP 403: a valid key without the balance permission")
    return classify_status(response.status_code)


STRIPE = IdentityCall(
    "stripe", "https://api.stripe.com", "/v1/balance", lambda s: basic(s, ""), reader=read_stripe
)

RULES = {
    "stripe-secret-key": STRIPE,
    "stripe-restricted-key": STRIPE,
    "stripe-test-secret-key": STRIPE,
}
