"""A thin HTTP client for the Stockade server, mapping failures to CLI errors.

Transport failures are network errors (exit 3), 401 means authenticate (exit 5), 429 means
a quota or rate limit (exit 4); the server's problem+json ``detail`` is shown to the user.
"""

from __future__ import annotations

from typing import Any

import httpx

from stockade import __version__
from stockade.cli.credentials import Credentials
from stockade.cli.errors import AuthRequiredError, CliError, NetworkError, QuotaExceededError


class ServerClient:
    def __init__(
        self,
        credentials: Credentials,
        *,
        timeout: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.credentials = credentials
        headers = {"User-Agent": f"stockade-cli/{__version__}", "Accept": "application/json"}
        if credentials.api_key:
            headers["X-API-Key"] = credentials.api_key
        self._http = httpx.Client(
            base_url=credentials.server_url, headers=headers, timeout=timeout, transport=transport
        )

    def __enter__(self) -> ServerClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.close()

    def request(
        self, method: str, path: str, *, json: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        try:
            response = self._http.request(method, path, json=json, params=params)
        except httpx.TimeoutException:
            raise NetworkError(f"the server at {self.credentials.server_url} timed out") from None
        except httpx.TransportError as exc:
            raise NetworkError(
                f"cannot reach the server at {self.credentials.server_url}: {exc}"
            ) from None
        return self._decode(response)

    @staticmethod
    def _detail(response: httpx.Response) -> str:
        try:
            body = response.json()
        except ValueError:
            return response.text[:200] or response.reason_phrase
        if isinstance(body, dict):
            return str(body.get("detail") or body.get("title") or body)
        return str(body)[:200]

    def _decode(self, response: httpx.Response) -> Any:
        if response.status_code == 401:
            raise AuthRequiredError(
                f"the server rejected the credentials ({self._detail(response)})"
            )
        if response.status_code == 429:
            retry = response.headers.get("Retry-After")
            hint = f"; retry after {retry} s" if retry else ""
            raise QuotaExceededError(f"server quota or rate limit exceeded{hint}")
        if response.status_code >= 500:
            raise NetworkError(f"server error {response.status_code}: {self._detail(response)}")
        if response.status_code >= 400:
            raise CliError(
                f"server refused the request ({response.status_code}): {self._detail(response)}"
            )
        if response.status_code == 204 or not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            raise NetworkError("the server answered with something that is not JSON") from None

    def me(self) -> dict[str, Any]:
        data = self.request("GET", "/api/v1/auth/me")
        if not isinstance(data, dict):
            raise NetworkError("unexpected answer from /api/v1/auth/me")
        return data
