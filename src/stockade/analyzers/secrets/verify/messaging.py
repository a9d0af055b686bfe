"""E-mail, SMS and chat providers: SendGrid, Mailgun, Twilio, Discord, Telegram.

Twilio's auth token authenticates together with the account SID (``AC`` + 32 hex), which no
rule reports by itself: the SID is looked up in the same file, the nearest one.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from stockade.analyzers.secrets.verify.http import IdentityCall, basic, credential_key, header
from stockade.analyzers.secrets.verify.interface import (
    HttpCall,
    Outcome,
    Request,
    Status,
    Verifier,
)

SENDGRID = IdentityCall("sendgrid", "https://api.sendgrid.com", "/v3/scopes")

MAILGUN = IdentityCall(
    "mailgun", "https://api.mailgun.net", "/v3/domains", lambda s: basic("api", s)
)

DISCORD = IdentityCall(
    "discord", "https://discord.com", "/api/v10/users/@me", header("Authorization", "Bot {}")
)

TWILIO_SID = re.compile(r"\bAC[0-9a-f]{32}\b")


class TwilioVerifier(Verifier):
    """``GET /2010-04-01/Accounts/{sid}.json`` with Basic ``sid:token``."""

    provider = "twilio"
    base_url = "https://api.twilio.com"

    def prepare(self, request: Request, host: str) -> HttpCall | Outcome:
        sids = [
            (abs(m.start() - request.start), m.group()) for m in TWILIO_SID.finditer(request.text)
        ]
        if not sids:
            return Outcome(Status.UNKNOWN, "no Twilio account SID in the same file to pair with")
        sid = min(sids)[1]
        path = f"/2010-04-01/Accounts/{sid}.json"
        return HttpCall(
            "GET",
            path,
            credential_key(self.provider, sid, request.secret),
            basic(sid, request.secret),
        )


class TelegramVerifier(Verifier):
    """``GET /bot<token>/getMe``: Telegram puts the token in the path (401 when unknown)."""

    provider = "telegram"
    base_url = "https://api.telegram.org"

    def prepare(self, request: Request, host: str) -> HttpCall | Outcome:
        path = f"/bot{quote(request.secret, safe=':')}/getMe"
        return HttpCall("GET", path, credential_key(self.provider, request.secret))


RULES = {
    "sendgrid-api-key": SENDGRID,
    "mailgun-api-key": MAILGUN,
    "twilio-auth-token": TwilioVerifier(),
    "discord-bot-token": DISCORD,
    "telegram-bot-token": TelegramVerifier(),
}
