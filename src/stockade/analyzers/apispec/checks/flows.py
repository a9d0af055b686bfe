"""API6 Unrestricted Access to Sensitive Business Flows.

Buying, redeeming, transferring, signing up, posting, voting or booking are flows an attacker
automates (scalping, spam, coupon abuse, OTP guessing). A write operation on such a flow that
shows no anti-automation control — no 429 response, no rate-limit headers, no CAPTCHA or
proof-of-work input, nothing in its description — is reported.
"""

from __future__ import annotations

import re

from stockade.analyzers.apispec.checks.common import Emit
from stockade.analyzers.apispec.model import Operation, Spec

_FLOW = re.compile(
    r"(?:^|[/_\-.{}]|\b)(?:checkout|purchase|buy|order|orders|payment|pay|transfer|withdraw|"
    r"redeem|coupon|voucher|promo|gift|signup|sign-up|register|registration|invite|comment|"
    r"review|vote|like|booking|reserve|reservation|ticket|otp|check-otp|verify-otp|"
    r"reset-password|forget-password|forgot-password|apply_coupon|validate-coupon)(?:$|[/_\-.{}]|\b)",
    re.I,
)
_CONTROL = re.compile(
    r"captcha|recaptcha|hcaptcha|turnstile|proof[-_ ]?of[-_ ]?work|rate[-_ ]?limit|throttl", re.I
)
_RATE_HEADER = re.compile(r"^(?:x-)?rate-?limit|^retry-after$", re.I)


def check(spec: Spec, emit: Emit) -> None:
    for op in spec.operations:
        if op.is_write and _is_flow(op) and not _controlled(spec, op):
            emit(
                "api.business-flow-unprotected",
                op.node,
                f"{op.method.upper()} {op.path} is a business flow with no sign of anti-automation "
                "(no 429, rate-limit headers or CAPTCHA)",
            )


def _is_flow(op: Operation) -> bool:
    text = f"{op.path} {op.value.get('operationId', '')}"
    return bool(
        _FLOW.search(text)
        or _BOOK_VERB.search(op.path)
        or _BOOK_ID.match(str(op.value.get("operationId", "")))
    )


# "book" is a verb only as an action segment (POST /rooms/{id}/book) or an operationId's first
# word (bookRoom, book_table); a catalogue's /books and add_book are nouns.
_BOOK_VERB = re.compile(r"/book(?:$|[/.])", re.I)
_BOOK_ID = re.compile(r"^book(?:$|[A-Z_\-])")


def _controlled(spec: Spec, op: Operation) -> bool:
    for code, response in spec.responses(op):
        if code == "429":
            return True
        if any(_RATE_HEADER.match(h) for h, _ in spec.members(response.child("headers"))):
            return True
    names = " ".join(str(p.value.get("name", "")) for p in spec.parameters(op))
    text = " ".join(str(op.value.get(k, "")) for k in ("description", "summary"))
    extensions = " ".join(k for k in op.value if k.startswith("x-"))
    return bool(_CONTROL.search(f"{names} {text} {extensions}")) or _captcha_in_body(spec, op)


def _captcha_in_body(spec: Spec, op: Operation) -> bool:
    for schema in spec.request_schemas(op):
        for _, name in spec.walk_schema(schema, set()):
            if name and _CONTROL.search(name):
                return True
    return False
