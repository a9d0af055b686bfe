"""Opt-in verification of found credentials against their providers (``--verify``).

Each supported rule maps to a :class:`~.interface.Verifier` that knows one harmless read-only
identity call (``GET /user``, STS ``GetCallerIdentity``, ``auth.test`` …). The
:class:`~.runner.VerificationRunner` makes those calls from inside the secrets analyzer, the
only place the raw value exists, and the finding carries only the verdict. A secret is sent to
its provider's own host and nowhere else: base URLs are constants, and the override dict exists
for tests alone (the CLI and the jobs never pass one).
"""

from stockade.analyzers.secrets.verify.interface import Outcome, Status, Verifier
from stockade.analyzers.secrets.verify.runner import VerificationRunner

__all__ = ["Outcome", "Status", "VerificationRunner", "Verifier"]
