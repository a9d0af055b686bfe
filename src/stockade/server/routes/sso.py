"""Single sign-on: an organization's IdP connection, its domains, and the OIDC login flow.

Configuration (``/api/v1/organizations/{id}/sso``) needs ``settings:modify`` (Owner,
Admin) and the Enterprise plan; verifying a claimed e-mail domain is the Owner's
(``sso:verify_domain``). Every change and every refused change is on the audit log.

The login (``/api/v1/auth/sso/...``) is anonymous until it ends: ``/login`` records the
state, nonce and PKCE verifier server-side, binds the state to the browser with a short
cookie and redirects to the IdP; ``/oidc/callback`` spends the state once, exchanges the
code, validates the id_token, provisions the member and opens the same session (cookies) as
a password login. The network calls run outside any database transaction: on SQLite a
transaction holds the write lock, and an IdP may be slow. Every login, provisioning step and
refusal is audited.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Form, Path, Query, Request, Response
from fastapi.responses import RedirectResponse
from sqlalchemy.orm import Session

from stockade.server.content import has_body, media_type, require_json
from stockade.server.context import AppContext, Context, DbSession, client_ip
from stockade.server.orgaccess import UnitDep, requires
from stockade.server.problems import ProblemError
from stockade.server.routes.auth import OpenedSession, open_session
from stockade.server.schemas.common import problems
from stockade.server.schemas.sso import (
    DiscoverRequest,
    DiscoverResponse,
    SsoConnectionIn,
    SsoConnectionOut,
    SsoDomainOut,
)
from stockade.server.sso_http import oidc_client
from stockade.sso import config, domains, provision, saml, states
from stockade.sso.errors import (
    SsoAccessDeniedError,
    SsoError,
    SsoNotConfiguredError,
    SsoRedirectError,
    SsoStateError,
)
from stockade.sso.oidc import groups_of
from stockade.sso.saml_errors import SamlError
from stockade.store.models import User
from stockade.store.sso_models import OIDC, SAML, SsoConnection, SsoSession
from stockade.store.tenancy_models import Organization
from stockade.tenancy import audit
from stockade.tenancy.access import Access
from stockade.tenancy.audit import DENIED, AuditRecord
from stockade.tenancy.errors import (
    AccessDeniedError,
    InvalidInputError,
    NotFoundError,
    StateConflictError,
    TenancyError,
)
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import Unit

config_router = APIRouter(prefix="/api/v1/organizations/{id}/sso", tags=["sso"])
auth_router = APIRouter(prefix="/api/v1/auth/sso", tags=["sso"])
Manage = Annotated[Access, requires(Permission.SETTINGS_MODIFY)]
VerifyDomain = Annotated[Access, requires(Permission.SSO_DOMAINS_VERIFY)]
OrgId = Annotated[UUID, Path(description="The organization's id.")]

STATE_COOKIE = "stockade_sso_state"
STATE_COOKIE_PATH = "/api/v1/auth/sso"
DEFAULT_RETURN = "/api/v1/auth/me"
SAML_METADATA = "application/samlmetadata+xml"
FORM = "application/x-www-form-urlencoded"
IDP_FAILED: dict[int | str, dict[str, Any]] = {
    502: {
        "description": "The identity provider could not be reached or answered nonsense",
        "content": {
            "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
        },
    }
}


# Configuration


def _out(request: Request, connection: SsoConnection, session: Session) -> SsoConnectionOut:
    org = connection.organization_id
    view = config.view(connection, config.domains(session, org))
    saml_sp = _sp(request, org) if connection.protocol == SAML else None
    return SsoConnectionOut(
        **view,
        redirect_uri=saml_sp.acs_url
        if saml_sp
        else str(request.url_for("sso_oidc_callback", org_id=org)),
        sp_metadata_url=saml_sp.metadata_url if saml_sp else None,
        login_url=str(request.url_for("sso_login", org_id=org)),
    )


def _summary(session: Session, connection: SsoConnection) -> dict[str, Any]:
    return config.summary(connection, config.domains(session, connection.organization_id))


_KINDS: dict[int, type[TenancyError]] = {
    403: AccessDeniedError,
    404: NotFoundError,
    409: StateConflictError,
}


def _refused(unit: Unit, org: str, action: str, exc: SsoError) -> TenancyError:
    """The refusal as the team layer's error, so the request's rollback keeps its audit
    record (``get_db`` writes it in a transaction of its own)."""
    kind = _KINDS.get(exc.status, InvalidInputError)
    return kind(exc.code, str(exc), audit=unit.denied(org, action, f"{exc.code}: {exc}"))


@config_router.get(
    "",
    operation_id="getSsoConnection",
    response_model=SsoConnectionOut,
    responses=problems(401, 403, 404, 422),
)
def get_sso(request: Request, unit: UnitDep, access: Manage) -> SsoConnectionOut:
    """The organization's SSO connection (Owner, Admin); the client secret is never shown."""
    connection = config.get(unit.session, access.organization.id)
    if connection is None:
        raise ProblemError(404, "sso_not_configured", "this organization has no SSO connection")
    return _out(request, connection, unit.session)


@config_router.put(
    "",
    operation_id="putSsoConnection",
    response_model=SsoConnectionOut,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=[Depends(require_json)],
)
def put_sso(
    body: SsoConnectionIn, request: Request, unit: UnitDep, ctx: Context, access: Manage
) -> SsoConnectionOut:
    """Create or replace the connection (Owner, Admin; Enterprise plan, else 403
    `plan_required`). An omitted `client_secret` keeps the stored one."""
    org = access.organization
    current = config.get(unit.session, org.id)
    before = _summary(unit.session, current) if current is not None else None
    try:
        connection = config.configure(
            unit.session, ctx.box, org, body.model_dump(exclude_unset=True), now=unit.now
        )
    except SsoError as exc:
        raise _refused(unit, org.id, "sso.update", exc) from None
    unit.audit(
        org.id,
        "sso.update" if before is not None else "sso.create",
        target_type="organization",
        target_id=org.id,
        before=before,
        after=_summary(unit.session, connection),
    )
    return _out(request, connection, unit.session)


@config_router.delete(
    "",
    operation_id="deleteSsoConnection",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_sso(unit: UnitDep, access: Manage) -> Response:
    """Remove the connection and its domains (Owner, Admin); enforcement ends with it."""
    org = access.organization.id
    connection = config.get(unit.session, org)
    if connection is None:
        raise ProblemError(404, "sso_not_configured", "this organization has no SSO connection")
    before = _summary(unit.session, connection)
    config.remove(unit.session, org)
    unit.audit(org, "sso.delete", target_type="organization", target_id=org, before=before)
    return Response(status_code=204)


@config_router.post(
    "/domains/{domain}/verify",
    operation_id="verifySsoDomain",
    response_model=SsoDomainOut,
    responses=problems(401, 403, 404, 409, 422),
)
def verify_domain(
    unit: UnitDep,
    access: VerifyDomain,
    domain: Annotated[str, Path(max_length=253)],
) -> SsoDomainOut:
    """Verify a claimed e-mail domain (Owner only): the Owner's own account e-mail must be at
    that domain, and no other organization may have verified it."""
    org = access.organization
    try:
        config.require_enterprise(org)
        row = domains.verify(
            unit.session,
            org.id,
            domain,
            user_id=unit.actor.user_id,
            user_email=unit.actor.email,
            now=unit.now,
        )
    except SsoError as exc:
        raise _refused(unit, org.id, "sso.domain_verify", exc) from None
    unit.audit(org.id, "sso.domain_verify", target_type="domain", target_id=row.domain)
    return SsoDomainOut(domain=row.domain, verified=True, verified_at=row.verified_at)


# The login


@dataclass(frozen=True)
class _Login:
    """What a login needs of the connection, read in a short transaction: the OIDC client
    (issuer, client id and secret, scopes) or the SAML IdP metadata."""

    protocol: str
    issuer: str = ""
    client_id: str = ""
    client_secret: str | None = None
    scopes: tuple[str, ...] = ()
    idp_metadata: str = ""


def _connection(session: Session, ctx: AppContext, org_id: str) -> tuple[SsoConnection, _Login]:
    """The organization's connection, refused like a missing one when the organization does
    not exist or has none; 403 ``plan_required`` once it left the Enterprise plan."""
    org = session.get(Organization, org_id)
    connection = config.get(session, org_id) if org is not None else None
    if org is None or connection is None:
        raise SsoNotConfiguredError("sso_not_configured", "no single sign-on for this organization")
    config.require_enterprise(org)
    if connection.protocol == SAML and connection.saml_idp_metadata:
        return connection, _Login(SAML, idp_metadata=connection.saml_idp_metadata)
    if connection.protocol != OIDC or not connection.oidc_issuer or not connection.oidc_client_id:
        raise SsoNotConfiguredError("sso_not_configured", "the SSO connection is incomplete")
    login = _Login(
        OIDC,
        connection.oidc_issuer,
        connection.oidc_client_id,
        config.client_secret(ctx.box, connection),
        tuple(connection.oidc_scopes or config.DEFAULT_SCOPES),
    )
    return connection, login


def _record(
    ctx: AppContext, request: Request, org_id: str, exc: SsoError, user_id: str | None = None
) -> None:
    """A refused login on the organization's audit log (its own transaction; nothing else of
    the attempt is kept). Nothing is written for an organization that does not exist."""
    with ctx.db.session() as session:
        if session.get(Organization, org_id) is None:
            return
        audit.append(
            session,
            AuditRecord(
                organization_id=org_id,
                action="sso.login_refused",
                actor_id=user_id,
                ip=client_ip(request, ctx),
                outcome=DENIED,
                detail=f"{exc.code}: {exc}"[:1000],
            ),
        )


def safe_return(value: str | None) -> str | None:
    """A ``return_to`` is a path on this server: one leading slash, no scheme, no host, no
    backslash or control character (browsers read ``/\\evil`` and ``//evil`` as hosts)."""
    if value is None or value == "":
        return None
    if (
        not value.startswith("/")
        or value.startswith("//")
        or "\\" in value
        or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value)
    ):
        raise SsoRedirectError("invalid_return_to", "return_to must be a path on this server")
    return value


def _sp(request: Request, org: str) -> saml.SamlSp:
    """The organization's SAML service provider at its stable URLs on this server."""
    return saml.sp_for(str(request.base_url), org)


def _saml_error(exc: SamlError) -> SsoAccessDeniedError:
    """A SAML refusal (forged, expired, unsigned, another audience...) as an SSO one."""
    return SsoAccessDeniedError(exc.code, str(exc))


@auth_router.get(
    "/{org_id}/login",
    operation_id="ssoLogin",
    name="sso_login",
    response_class=RedirectResponse,
    status_code=302,
    responses={**problems(400, 403, 404, 422), **IDP_FAILED},
)
def sso_login(
    org_id: OrgId,
    request: Request,
    ctx: Context,
    return_to: Annotated[str | None, Query(max_length=2048)] = None,
) -> Response:
    """Start a single sign-on: 302 to the organization's IdP. `return_to` (a path on this
    server) is where the browser lands after the login; anything off-site is a 400."""
    org = str(org_id)
    try:
        with ctx.db.session() as session:
            _, login = _connection(session, ctx, org)
        target = safe_return(return_to)
        if login.protocol == SAML:
            return _saml_login(request, ctx, org, login, target)
        return _oidc_login(request, ctx, org, login, target)
    except SamlError as exc:
        _record(ctx, request, org, _saml_error(exc))
        raise _saml_error(exc) from None
    except SsoError as exc:
        _record(ctx, request, org, exc)
        raise


def _oidc_login(
    request: Request, ctx: AppContext, org: str, login: _Login, target: str | None
) -> Response:
    client = oidc_client(request, ctx)
    provider = client.discover(login.issuer)
    nonce, verifier = secrets.token_urlsafe(24), client.new_verifier()
    with ctx.db.session() as session:
        state = states.begin(
            session, org, OIDC, nonce=nonce, code_verifier=verifier, return_to=target
        )
    url = client.authorization_url(
        provider,
        client_id=login.client_id,
        redirect_uri=str(request.url_for("sso_oidc_callback", org_id=org)),
        scopes=login.scopes,
        state=state,
        nonce=nonce,
        code_verifier=verifier,
    )
    response = RedirectResponse(url, status_code=302)
    response.set_cookie(
        STATE_COOKIE,
        state,
        max_age=int(states.STATE_LIFETIME.total_seconds()),
        path=STATE_COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=ctx.settings.cookie_secure,
    )
    return response


def _saml_login(
    request: Request, ctx: AppContext, org: str, login: _Login, target: str | None
) -> Response:
    """An AuthnRequest (HTTP-Redirect); the state travels as ``RelayState`` and the request
    id is stored with it, for the response's ``InResponseTo``. No browser cookie: the ACS
    is a cross-site POST, which SameSite cookies do not reach."""
    idp = saml.parse_idp_metadata(login.idp_metadata)
    with ctx.db.session() as session:
        state = states.begin(session, org, SAML, return_to=target)
        url, request_id = saml.authn_request(_sp(request, org), idp, state)
        states.attach_request(session, state, request_id)
    return RedirectResponse(url, status_code=302)


@auth_router.get(
    "/{org_id}/oidc/callback",
    operation_id="ssoOidcCallback",
    name="sso_oidc_callback",
    response_class=RedirectResponse,
    status_code=303,
    responses={**problems(400, 401, 403, 404, 422), **IDP_FAILED},
)
def sso_oidc_callback(
    org_id: OrgId,
    request: Request,
    ctx: Context,
    code: Annotated[str | None, Query(max_length=4096)] = None,
    state: Annotated[str | None, Query(max_length=512)] = None,
    error: Annotated[str | None, Query(max_length=256)] = None,
) -> Response:
    """Where the IdP sends the browser back: on success, the session cookies of a password
    login are set and the browser is sent (303) to the login's `return_to`."""
    org = str(org_id)
    user_id: list[str] = []
    try:
        return _oidc_complete(request, ctx, org, code, state, error, user_id)
    except SsoError as exc:
        _record(ctx, request, org, exc, user_id[0] if user_id else None)
        raise


def _oidc_complete(
    request: Request,
    ctx: AppContext,
    org: str,
    code: str | None,
    state: str | None,
    error: str | None,
    user_id: list[str],
) -> Response:
    with ctx.db.session() as session:
        _, login = _connection(session, ctx, org)
    if login.protocol != OIDC:
        raise SsoNotConfiguredError("sso_not_configured", "the organization does not use OIDC")
    cookie = request.cookies.get(STATE_COOKIE, "")
    if state and (not cookie or not hmac.compare_digest(cookie, state)):
        raise SsoStateError("sso_state_mismatch", "this login was not started in this browser")
    with ctx.db.session() as session:  # the state is spent even if the rest fails
        pending = states.consume(session, org, state)
    if error:
        raise SsoAccessDeniedError("sso_idp_error", f"the IdP refused the login: {error}")
    if not code or pending.nonce is None or pending.code_verifier is None:
        raise SsoStateError("sso_code_missing", "the callback carries no authorization code")
    client = oidc_client(request, ctx)
    provider = client.discover(login.issuer)
    id_token = client.exchange(
        provider,
        client_id=login.client_id,
        client_secret=login.client_secret,
        redirect_uri=str(request.url_for("sso_oidc_callback", org_id=org)),
        code=code,
        code_verifier=pending.code_verifier,
    )
    identity = client.validate(provider, id_token, client_id=login.client_id, nonce=pending.nonce)

    def who(connection: SsoConnection) -> provision.Login:
        groups = groups_of(identity.claims, connection.group_claim)
        return provision.Login(
            identity.issuer,
            identity.subject,
            identity.email,
            identity.email_verified,
            identity.name,
            groups,
        )

    return _sign_in(request, ctx, org, who, f"{OIDC} {identity.issuer}", pending, user_id)


def require_form(request: Request) -> None:
    """The ACS takes the HTTP-POST binding's form only: anything else is a 415."""
    media = media_type(request)
    if has_body(request) and media != FORM:
        raise ProblemError(
            415, "unsupported_media_type", f"expected {FORM}, got {media or 'no content type'}"
        )


@auth_router.post(
    "/{org_id}/saml/acs",
    operation_id="ssoSamlAcs",
    name="sso_saml_acs",
    response_class=RedirectResponse,
    status_code=303,
    responses=problems(400, 403, 404, 415, 422),
    dependencies=[Depends(require_form)],
)
def sso_saml_acs(
    org_id: OrgId,
    request: Request,
    ctx: Context,
    saml_response: Annotated[
        str, Form(alias="SAMLResponse", min_length=1, max_length=saml.MAX_RESPONSE_CHARS)
    ],
    relay_state: Annotated[
        str | None, Form(alias="RelayState", min_length=1, max_length=512)
    ] = None,
) -> Response:
    """The SAML Assertion Consumer Service (HTTP-POST): on success, the session cookies of a
    password login are set and the browser is sent (303) to the login's `return_to`."""
    org = str(org_id)
    user_id: list[str] = []
    try:
        return _saml_complete(request, ctx, org, saml_response, relay_state, user_id)
    except SamlError as exc:
        _record(ctx, request, org, _saml_error(exc))
        raise _saml_error(exc) from None
    except SsoError as exc:
        _record(ctx, request, org, exc, user_id[0] if user_id else None)
        raise


def _saml_complete(
    request: Request,
    ctx: AppContext,
    org: str,
    saml_response: str,
    relay_state: str | None,
    user_id: list[str],
) -> Response:
    with ctx.db.session() as session:
        _, login = _connection(session, ctx, org)
    with ctx.db.session() as session:
        pending = states.consume(session, org, relay_state)
    if pending.protocol != SAML or pending.request_id is None or login.protocol != SAML:
        raise SsoStateError("sso_state_invalid", "the RelayState belongs to no SAML login")
    identity = saml.parse_response(
        _sp(request, org),
        saml.parse_idp_metadata(login.idp_metadata),
        saml_response,
        expected_request_id=pending.request_id,
        now=ctx.clock(),
    )
    with ctx.db.session() as session:  # committed on its own: a replay stays a replay

        def remember(key: str, until: datetime) -> bool:
            return states.remember_assertion(session, org, key, until)

        saml.reject_replay(identity, remember)

    def who(connection: SsoConnection) -> provision.Login:
        groups = tuple(identity.attributes.get(connection.group_claim, []))
        # SAML has no email_verified: the IdP's assertion is the claim, and provisioning
        # still requires an address at one of the organization's verified domains.
        return provision.Login(
            identity.issuer,
            identity.name_id,
            identity.email,
            identity.email is not None,
            None,
            groups,
        )

    return _sign_in(request, ctx, org, who, f"{SAML} {identity.issuer}", pending, user_id)


@auth_router.get(
    "/{org_id}/saml/metadata",
    operation_id="ssoSamlMetadata",
    name="sso_saml_metadata",
    response_class=Response,
    responses={
        200: {"content": {SAML_METADATA: {}}, "description": "The SP metadata XML"},
        **problems(404, 422),
    },
)
def sso_saml_metadata(org_id: OrgId, request: Request, ctx: Context) -> Response:
    """This organization's SAML service provider metadata (entity id, ACS URL), for IdPs
    that import it; the URL is also the SP entity id."""
    org = str(org_id)
    with ctx.db.session() as session:
        connection = config.get(session, org)
    if connection is None or connection.protocol != SAML:
        raise ProblemError(404, "sso_not_configured", "no SAML single sign-on here")
    return Response(saml.sp_metadata_xml(_sp(request, org)), media_type=SAML_METADATA)


def _sign_in(
    request: Request,
    ctx: AppContext,
    org: str,
    who: Callable[[SsoConnection], provision.Login],
    detail: str,
    pending: states.Pending,
    user_id: list[str],
) -> Response:
    """Provision the validated login and open the session: the cookies of a password login,
    a 303 to the login's ``return_to``, and the audit entries, in one transaction."""
    ip = client_ip(request, ctx)
    opened: OpenedSession | None = None
    with ctx.db.session() as session:
        connection, _ = _connection(session, ctx, org)
        outcome = provision.admit(session, connection, who(connection))
        user_id.append(outcome.user.id)
        for event in outcome.events:
            audit.append(session, _event(org, outcome.user, ip, event))
        if outcome.refused is None:
            opened = open_session(request, ctx, session, outcome.user)
            session.add(SsoSession(session_id=opened.session_id, organization_id=org))
            audit.append(
                session,
                AuditRecord(
                    organization_id=org,
                    action="sso.login",
                    actor_id=outcome.user.id,
                    actor_email=outcome.user.email,
                    ip=ip,
                    target_type="user",
                    target_id=outcome.user.id,
                    detail=f"{detail} as {outcome.role}",
                ),
            )
    if opened is None:
        raise SsoAccessDeniedError(
            outcome.refused or "sso_access_revoked",
            "the IdP no longer puts this account in the organization",
        )
    response = RedirectResponse(pending.return_to or DEFAULT_RETURN, status_code=303)
    opened.set_cookies(response, secure=ctx.settings.cookie_secure)
    response.delete_cookie(
        STATE_COOKIE, path=STATE_COOKIE_PATH, secure=ctx.settings.cookie_secure, httponly=True
    )
    return response


def _event(org: str, user: User, ip: str, event: provision.Event) -> AuditRecord:
    return AuditRecord(
        organization_id=org,
        action=event.action,
        actor_id=user.id,
        actor_email=user.email,
        ip=ip,
        target_type="member",
        target_id=event.target_id,
        before=event.before,
        after=event.after,
    )


@auth_router.post(
    "/discover",
    operation_id="ssoDiscover",
    response_model=DiscoverResponse,
    responses=problems(400, 404, 415, 422),
    dependencies=[Depends(require_json)],
)
def sso_discover(body: DiscoverRequest, request: Request, db: DbSession) -> DiscoverResponse:
    """Where to log in for an e-mail address: the login URL of the organization that
    verified its domain, or 404 `sso_not_found`."""
    org_id = domains.organization_for(db, body.email)
    org = db.get(Organization, org_id) if org_id is not None else None
    if org is None:
        raise ProblemError(404, "sso_not_found", "no single sign-on for this e-mail domain")
    try:
        config.require_enterprise(org)
    except SsoError:
        raise ProblemError(
            404, "sso_not_found", "no single sign-on for this e-mail domain"
        ) from None
    return DiscoverResponse(login_url=str(request.url_for("sso_login", org_id=org.id)))
