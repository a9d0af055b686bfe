"""Errors the CLI turns into exit codes (API.md: 0 clean, 1 findings, 2 usage or
configuration, 3 network, 4 quota exceeded, 5 authentication required)."""

from __future__ import annotations

from enum import IntEnum

from stockade.core.errors import StockadeError


class ExitCode(IntEnum):
    OK = 0
    FINDINGS = 1
    USAGE = 2
    NETWORK = 3
    QUOTA = 4
    AUTH = 5


class CliError(StockadeError):
    """An error with a known exit code and a one-line message for the user."""

    exit_code: ExitCode = ExitCode.USAGE


class NetworkError(CliError):
    exit_code = ExitCode.NETWORK


class QuotaExceededError(CliError):
    exit_code = ExitCode.QUOTA


class AuthRequiredError(CliError):
    exit_code = ExitCode.AUTH

    def __init__(self, message: str = "authentication required") -> None:
        super().__init__(
            f"{message}: run `stockade auth login --api-key <KEY>` or set STOCKADE_API_KEY"
        )
