"""An organization's identity-provider connection: validation, storage and the public view.

One connection per organization (OpenID Connect or SAML 2.0), set as a whole with PUT
semantics. What is checked here is what can be checked without the network: URL shape,
roles, domains. The IdP itself is contacted at login, through the SSRF guard.

Rules that protect the organization from its own configuration:

- ``default_role`` is Member or Viewer: a login alone never makes someone an Admin; only an
  explicit ``role_mapping`` entry can, and no mapping grants Owner.
- The OIDC client secret is write-only: sealed at rest (``store.crypto``), absent from every
  answer and audit entry; omitting it on a later PUT keeps the stored one.
- Enforcement remembers when it went on (``enforced_at``): API keys created before that
  moment stop working for the organization.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from stockade.core.plans import limits
from stockade.sso import saml
from stockade.sso.errors import SsoConfigError, SsoNotConfiguredError, SsoPlanError
from stockade.sso.saml_errors import SamlError
from stockade.store.crypto import SecretBox
from stockade.store.sso_models import DEMOTE, OIDC, REMOVE, SAML, SsoConnection, SsoDomain
from stockade.store.tenancy_models import Organization
from stockade.store.types import utcnow

DEFAULT_SCOPES = ("openid", "email", "profile")
DEFAULT_GROUP_CLAIM = "groups"
DEFAULT_ROLES = ("Member", "Viewer")  # what a login alone may grant
MAPPED_ROLES = ("Admin", "Member", "Viewer")  # what a mapping may grant (never Owner)
MAX_DOMAINS = 20
MAX_MAPPINGS = 100
MAX_METADATA = 1024 * 1024
_DOMAIN = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$")
_SCOPE = re.compile(r"^[\x21\x23-\x5b\x5d-\x7e]{1,64}$")  # RFC 6749 scope-token


def require_enterprise(org: Organization) -> None:
    if not limits(org.plan).enterprise_settings:
        raise SsoPlanError("plan_required", "single sign-on needs the Enterprise plan")


def get(session: Session, organization_id: str) -> SsoConnection | None:
    return session.get(SsoConnection, organization_id)


def existing(session: Session, organization_id: str) -> SsoConnection:
    connection = get(session, organization_id)
    if connection is None:
        raise SsoNotConfiguredError(
            "sso_not_configured", "this organization has no single sign-on connection"
        )
    return connection


def domains(session: Session, organization_id: str) -> Sequence[SsoDomain]:
    query = select(SsoDomain).where(SsoDomain.organization_id == organization_id)
    return session.scalars(query.order_by(SsoDomain.domain)).all()


def verified_domains(session: Session, organization_id: str) -> set[str]:
    return {d.domain for d in domains(session, organization_id) if d.verified_at is not None}


def issuer_url(value: str) -> str:
    """An issuer is an absolute http(s) URL without credentials, query or fragment (OpenID
    Connect Discovery, section 3); a trailing slash is kept, since ``iss`` must match it."""
    try:
        parts = urlsplit(value.strip())
    except ValueError:  # an unclosed "[" of an IPv6 literal, say
        raise SsoConfigError("invalid_issuer", "the issuer URL is malformed") from None
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise SsoConfigError("invalid_issuer", "the issuer must be an https:// URL")
    if parts.username is not None or parts.password is not None:
        raise SsoConfigError("invalid_issuer", "the issuer must not carry credentials")
    if parts.query or parts.fragment:
        raise SsoConfigError("invalid_issuer", "the issuer has no query or fragment")
    return value.strip()


def domain_name(value: str) -> str:
    name = value.strip().lower().rstrip(".")
    if not _DOMAIN.match(name):
        raise SsoConfigError("invalid_domain", f"{value!r} is not a domain name")
    return name


def _role(value: Any, allowed: Sequence[str], what: str) -> str:
    if value not in allowed:
        raise SsoConfigError("invalid_role", f"{what} must be one of {', '.join(allowed)}")
    return str(value)


def _scopes(values: Sequence[str] | None) -> list[str]:
    scopes = list(dict.fromkeys(values or DEFAULT_SCOPES))
    if "openid" not in scopes:
        raise SsoConfigError("invalid_scopes", "the scopes must include openid")
    bad = [s for s in scopes if not _SCOPE.match(s)]
    if bad:
        raise SsoConfigError("invalid_scopes", f"not a scope: {bad[0]!r}")
    return scopes


def _mapping(values: Mapping[str, Any] | None) -> dict[str, str]:
    mapping = dict(values or {})
    if len(mapping) > MAX_MAPPINGS:
        raise SsoConfigError("invalid_role_mapping", f"at most {MAX_MAPPINGS} mappings")
    out: dict[str, str] = {}
    for group, role in mapping.items():
        if not str(group).strip():
            raise SsoConfigError("invalid_role_mapping", "a mapped group name is empty")
        out[str(group)] = _role(role, MAPPED_ROLES, f"the role mapped to {group!r}")
    return out


def configure(
    session: Session,
    box: SecretBox,
    org: Organization,
    values: Mapping[str, Any],
    *,
    now: datetime | None = None,
) -> SsoConnection:
    """Create or replace the organization's connection from ``values`` (validated first,
    so a refused PUT changes nothing). Raises :class:`SsoPlanError` off Enterprise."""
    require_enterprise(org)
    moment = now or utcnow()
    protocol = values.get("protocol")
    if protocol not in (OIDC, SAML):
        raise SsoConfigError("invalid_protocol", "protocol must be oidc or saml")
    connection = get(session, org.id)
    fresh = connection is None
    if connection is None:
        connection = SsoConnection(organization_id=org.id, created_at=moment)
    secret = values.get("client_secret")
    if protocol == OIDC:
        if not values.get("issuer") or not values.get("client_id"):
            raise SsoConfigError("invalid_oidc", "OpenID Connect needs issuer and client_id")
        connection.oidc_issuer = issuer_url(str(values["issuer"]))
        connection.oidc_client_id = str(values["client_id"])
        connection.oidc_scopes = _scopes(values.get("scopes"))
        if secret:
            connection.oidc_client_secret = box.seal(str(secret).encode("utf-8"))
        elif secret == "" or connection.protocol != OIDC:
            connection.oidc_client_secret = None  # a public client (PKCE only)
        connection.saml_idp_metadata = connection.saml_idp_entity_id = None
    else:
        metadata = values.get("idp_metadata")
        if not metadata or len(str(metadata)) > MAX_METADATA:
            raise SsoConfigError(
                "invalid_saml", "SAML needs the IdP metadata XML (idp_metadata, at most 1 MiB)"
            )
        try:
            idp = saml.parse_idp_metadata(str(metadata))
        except SamlError as exc:
            raise SsoConfigError(exc.code, str(exc)) from None
        entity_id = values.get("idp_entity_id") or idp.entity_id
        if entity_id != idp.entity_id:
            raise SsoConfigError(
                "saml_bad_metadata",
                f"idp_entity_id {entity_id!r} is not the metadata's entity id {idp.entity_id!r}",
            )
        connection.saml_idp_metadata = str(metadata)
        connection.saml_idp_entity_id = entity_id
        connection.oidc_issuer = connection.oidc_client_id = None
        connection.oidc_client_secret, connection.oidc_scopes = None, []
    connection.protocol = str(protocol)
    connection.default_role = _role(
        values.get("default_role", "Member"), DEFAULT_ROLES, "default_role"
    )
    connection.role_mapping = _mapping(values.get("role_mapping"))
    connection.group_claim = str(values.get("group_claim") or DEFAULT_GROUP_CLAIM)[:128]
    connection.required_group = values.get("required_group") or None
    leaver = values.get("leaver_action", DEMOTE)
    if leaver not in (DEMOTE, REMOVE):
        raise SsoConfigError("invalid_leaver_action", "leaver_action must be demote or remove")
    connection.leaver_action = str(leaver)
    enforced = bool(values.get("enforced", False))
    if enforced and not connection.enforced:
        connection.enforced_at = moment
    elif not enforced:
        connection.enforced_at = None
    connection.enforced = enforced
    connection.updated_at = moment
    _set_domains(session, org.id, values.get("domains") or [], moment)
    if fresh:
        session.add(connection)
    session.flush()
    return connection


def _set_domains(
    session: Session, organization_id: str, names: Sequence[str], now: datetime
) -> None:
    """The claimed domains become exactly ``names``; a domain kept keeps its verification."""
    wanted = list(dict.fromkeys(domain_name(n) for n in names))
    if len(wanted) > MAX_DOMAINS:
        raise SsoConfigError("invalid_domain", f"at most {MAX_DOMAINS} domains")
    current = {d.domain: d for d in domains(session, organization_id)}
    for name in set(current) - set(wanted):
        session.delete(current[name])
    for name in wanted:
        if name not in current:
            session.add(SsoDomain(organization_id=organization_id, domain=name, created_at=now))


def remove(session: Session, organization_id: str) -> bool:
    """Delete the connection and its domains; False when there was none."""
    connection = get(session, organization_id)
    session.execute(delete(SsoDomain).where(SsoDomain.organization_id == organization_id))
    if connection is None:
        return False
    session.delete(connection)
    session.flush()
    return True


def client_secret(box: SecretBox, connection: SsoConnection) -> str | None:
    if connection.oidc_client_secret is None:
        return None
    return box.open(connection.oidc_client_secret).decode("utf-8")


def view(connection: SsoConnection, claimed: Sequence[SsoDomain]) -> dict[str, Any]:
    """The connection as the API shows it: never the client secret, only whether one is set."""
    return {
        "protocol": connection.protocol,
        "issuer": connection.oidc_issuer,
        "client_id": connection.oidc_client_id,
        "client_secret_set": connection.oidc_client_secret is not None,
        "scopes": list(connection.oidc_scopes or []),
        "idp_entity_id": connection.saml_idp_entity_id,
        "idp_metadata": connection.saml_idp_metadata,
        "domains": [
            {
                "domain": d.domain,
                "verified": d.verified_at is not None,
                "verified_at": d.verified_at,
            }
            for d in claimed
        ],
        "default_role": connection.default_role,
        "role_mapping": dict(connection.role_mapping or {}),
        "group_claim": connection.group_claim,
        "required_group": connection.required_group,
        "leaver_action": connection.leaver_action,
        "enforced": connection.enforced,
        "enforced_at": connection.enforced_at,
        "created_at": connection.created_at,
        "updated_at": connection.updated_at,
    }


def summary(connection: SsoConnection, claimed: Sequence[SsoDomain]) -> dict[str, Any]:
    """The audited view: the public one without the metadata blob, dates as text."""
    shown = view(connection, claimed)
    shown.pop("idp_metadata")
    shown["domains"] = [d.domain for d in claimed]
    for key in ("enforced_at", "created_at", "updated_at"):
        shown[key] = shown[key].isoformat() if shown[key] else None
    return shown
