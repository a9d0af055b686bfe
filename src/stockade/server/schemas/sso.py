"""Bodies of the single sign-on endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from stockade.server.schemas.common import Strict

MappedRole = Literal["Admin", "Member", "Viewer"]


class SsoConnectionIn(Strict):
    """The whole connection (PUT semantics); ``client_secret`` omitted keeps the stored one,
    an empty string removes it (a public client that relies on PKCE alone)."""

    protocol: Literal["oidc", "saml"]
    issuer: str | None = Field(default=None, max_length=2048, description="OIDC issuer URL")
    client_id: str | None = Field(default=None, max_length=255)
    client_secret: str | None = Field(
        default=None, max_length=1024, description="Write-only; never returned."
    )
    scopes: list[str] | None = Field(default=None, max_length=20)
    idp_metadata: str | None = Field(
        default=None, max_length=1024 * 1024, description="SAML IdP metadata XML"
    )
    idp_entity_id: str | None = Field(default=None, max_length=1024)
    domains: list[str] = Field(default_factory=list, max_length=20)
    default_role: Literal["Member", "Viewer"] = "Member"
    role_mapping: dict[str, MappedRole] = Field(default_factory=dict)
    group_claim: str = Field(default="groups", min_length=1, max_length=128)
    required_group: str | None = Field(default=None, max_length=255)
    leaver_action: Literal["demote", "remove"] = "demote"
    enforced: bool = False


class SsoDomainOut(BaseModel):
    domain: str
    verified: bool
    verified_at: datetime | None


class SsoConnectionOut(BaseModel):
    protocol: str
    issuer: str | None
    client_id: str | None
    client_secret_set: bool
    scopes: list[str]
    idp_entity_id: str | None
    idp_metadata: str | None
    domains: list[SsoDomainOut]
    default_role: str
    role_mapping: dict[str, str]
    group_claim: str
    required_group: str | None
    leaver_action: str
    enforced: bool
    enforced_at: datetime | None
    created_at: datetime
    updated_at: datetime
    # What to give the IdP: the OIDC redirect URI or the SAML ACS URL, and for SAML the SP
    # metadata URL (which is also the SP entity id).
    redirect_uri: str
    sp_metadata_url: str | None
    login_url: str


class DiscoverRequest(Strict):
    email: str = Field(min_length=3, max_length=254)


class DiscoverResponse(BaseModel):
    login_url: str
