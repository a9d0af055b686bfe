"""Bodies of the account, session and two-factor endpoints."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, EmailStr, Field

from stockade.server.schemas.common import Strict

_CODE = r"^[0-9]{6}$"
# At least four distinct characters and no NUL, as ``auth.passwords.weakness`` demands: four
# lazy captures, each different from the ones before (ECMA-262 lookahead and backreferences).
# The remaining rules (common passwords, simple sequences, the e-mail inside the password)
# are in the description: they are not expressible as a pattern.
# email-validator refuses addresses on special-use domains (RFC 6761); spelled out per letter
# because ECMA-262 patterns in JSON Schema have no case-insensitive flag.
_SPECIAL_USE = ("arpa", "invalid", "local", "localhost", "onion", "test")
SPECIAL_USE_EMAIL_PATTERN = (
    r"^(?![\s\S]*[@.]("
    + "|".join("".join(f"[{c.upper()}{c}]" for c in name) for name in _SPECIAL_USE)
    + r")\.?$)"
)
FOUR_DISTINCT_PATTERN = (
    r"^(?=[\s\S]*?([\s\S])[\s\S]*?(?!\1)([\s\S])[\s\S]*?(?!\1|\2)([\s\S])"
    r"[\s\S]*?(?!\1|\2|\3)[\s\S])[^\x00]*$"
)


class RegisterRequest(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"email": "ada@example.com", "password": "a long passphrase", "name": "Ada"}
            ]
        }
    )
    email: EmailStr = Field(
        max_length=254,
        description="Not on a special-use domain (.test, .local, .localhost, .invalid, …).",
        json_schema_extra={"pattern": SPECIAL_USE_EMAIL_PATTERN},
    )
    password: str = Field(
        min_length=12,
        max_length=256,
        description="At least 12 characters, at least 4 of them different; common passwords, "
        "simple sequences and passwords containing the e-mail's local part are refused (422 "
        "`weak_password`).",
        json_schema_extra={"pattern": FOUR_DISTINCT_PATTERN},
    )
    name: str | None = Field(default=None, min_length=1, max_length=200)


class LoginRequest(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"email": "ada@example.com", "password": "a long passphrase"}]
        }
    )
    email: str = Field(min_length=3, max_length=254)
    password: str = Field(min_length=1, max_length=256)
    totp_code: str | None = Field(default=None, pattern=_CODE, examples=["123456"])


class CodeRequest(Strict):
    code: str = Field(pattern=_CODE, examples=["123456"])


class UserOut(BaseModel):
    id: str
    email: str
    name: str | None
    is_admin: bool
    two_factor_enabled: bool
    created_at: datetime


class LoginResponse(BaseModel):
    user: UserOut
    csrf_token: str = Field(
        description="Send it back as the X-CSRF-Token header on unsafe methods."
    )
    expires_at: datetime


class TwoFactorSetup(BaseModel):
    secret: str
    otpauth_uri: str


class TwoFactorStatus(BaseModel):
    two_factor_enabled: bool


class MeResponse(UserOut):
    auth_method: str = Field(description="`session` or `api_key`")
    api_key_id: str | None = None
    organization_id: str | None = None
    role: str | None = None
