"""Rule id → verifier. A rule missing here is not verified (its findings get no verdict)."""

from __future__ import annotations

from collections.abc import Mapping

from stockade.analyzers.secrets.verify import (
    ai,
    github,
    gitlab,
    messaging,
    platforms,
    registries,
    slack,
    stripe,
)
from stockade.analyzers.secrets.verify.aws import KEY_ID_RULES, SECRET_RULES, StsVerifier
from stockade.analyzers.secrets.verify.interface import Verifier

_AWS = StsVerifier()

VERIFIERS: Mapping[str, Verifier] = {
    **dict.fromkeys(KEY_ID_RULES + SECRET_RULES, _AWS),
    **github.RULES,
    **gitlab.RULES,
    **slack.RULES,
    **stripe.RULES,
    **ai.RULES,
    **registries.RULES,
    **messaging.RULES,
    **platforms.RULES,
}


def verifier_for(rule_id: str) -> Verifier | None:
    return VERIFIERS.get(rule_id)


def providers() -> set[str]:
    """Every provider name (the keys a test's base-URL overrides may use)."""
    return {v.provider for v in VERIFIERS.values()}
