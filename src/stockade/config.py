"""Stockade's settings tree: ``stockade.toml`` overridden by ``STOCKADE__SECTION__KEY``.

One pydantic model describes every key (API.md "Configuration keys" and the spec's Limits and
LLM sections). The file is optional; environment variables win over it; a bad value or an
unknown key raises :class:`~stockade.core.errors.ConfigError` naming the dotted key, so a
typo fails at start instead of silently falling back to a default.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from platformdirs import user_data_dir
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from stockade.core.errors import ConfigError

ENV_PREFIX = "STOCKADE__"
CONFIG_ENV = "STOCKADE_CONFIG"
# The older name of STOCKADE__ADVISORIES__DB_PATH, still honoured (read only here).
ADVISORY_DB_ALIAS = "STOCKADE_ADVISORY_DB"
DEFAULT_CONFIG_NAME = "stockade.toml"
JWT_SECRET_FILE = "jwt_secret"  # noqa: S105 - a file name
ENCRYPTION_KEY_FILE = "encryption_key"
MIN_JWT_SECRET_LENGTH = 32
_PLACEHOLDERS = frozenset(
    {"", "change-me", "changeme", "change_me", "secret", "jwt-secret", "placeholder", "xxx"}
)


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_default=True)


class Tier(_Section):
    """One rate-limit tier; subclasses carry the spec's defaults so a partial override
    (one key from the environment) keeps the other two."""

    requests_per_minute: int = Field(ge=1)
    requests_per_hour: int = Field(ge=1)
    burst: int = Field(ge=1)


class ApiKeyTier(Tier):
    requests_per_minute: int = Field(default=100, ge=1)
    requests_per_hour: int = Field(default=2000, ge=1)
    burst: int = Field(default=20, ge=1)


class AuthenticatedTier(Tier):
    requests_per_minute: int = Field(default=60, ge=1)
    requests_per_hour: int = Field(default=1000, ge=1)
    burst: int = Field(default=10, ge=1)


class AnonymousTier(Tier):
    requests_per_minute: int = Field(default=10, ge=1)
    requests_per_hour: int = Field(default=100, ge=1)
    burst: int = Field(default=5, ge=1)


class Tiers(_Section):
    api_key: ApiKeyTier = ApiKeyTier()
    authenticated: AuthenticatedTier = AuthenticatedTier()
    anonymous: AnonymousTier = AnonymousTier()
    org_bonus_percent: int = Field(default=20, ge=0, le=1000)


class Costs(_Section):
    get: int = Field(default=1, ge=0)
    post: int = Field(default=2, ge=0)
    analysis: int = Field(default=3, ge=0)
    llm: int = Field(default=6, ge=0)


class RateLimit(_Section):
    tiers: Tiers = Tiers()
    costs: Costs = Costs()


class ServerAnalysis(_Section):
    allowed_directories: list[Path] = []
    # Extra CA bundle that git trusts for `git` sources (an internal forge's private CA).
    git_ca_file: Path | None = None


class Server(_Section):
    host: str = "127.0.0.1"
    port: int = Field(default=3000, ge=1, le=65535)
    enable_docs: bool = True
    cors_origins: list[str] = []
    trusted_proxies: list[str] = []
    admin_emails: list[str] = []
    max_body_mb: float = Field(default=100, gt=0, le=10_000)
    allow_private_targets: list[str] = []
    analysis: ServerAnalysis = ServerAnalysis()
    rate_limit: RateLimit = RateLimit()


class Database(_Section):
    url: str | None = None


class Redis(_Section):
    url: str | None = None


class Jobs(_Section):
    backend: Literal["inprocess", "celery"] = "inprocess"
    broker_url: str | None = None
    # The broker queue: deployments (or test runs) sharing one broker keep their jobs apart.
    queue: str = Field(default="stockade", min_length=1, max_length=200)
    max_concurrent: int = Field(default_factory=lambda: os.cpu_count() or 1, ge=1)
    timeout_seconds: int = Field(default=1800, ge=1)
    # How long a claimed job stays a runner's without a heartbeat; a dead runner's job is
    # taken over after at most this long. API.md caps it at 30 s.
    lease_seconds: int = Field(default=30, ge=2, le=30)


class Analysis(_Section):
    retention_days: int = Field(default=365, ge=30, le=730)


class Webhooks(_Section):
    """Outgoing webhooks. The retry schedule is about three days of backoff by default
    (API.md); tests and operators may shorten it."""

    ca_file: Path | None = None
    retry_schedule_seconds: list[int] = Field(
        default=[10, 60, 300, 1800, 7200, 21600, 43200, 86400, 86400], min_length=1
    )
    timeout_seconds: float = Field(default=10, gt=0, le=60)

    @field_validator("retry_schedule_seconds")
    @classmethod
    def _positive(cls, value: list[int]) -> list[int]:
        if any(step < 0 for step in value):
            raise ValueError("retry delays are seconds >= 0")
        return value


class Sso(_Section):
    """Single sign-on: how Stockade reaches an organization's OpenID provider (discovery,
    JWKS, token endpoint). The CA file lets an IdP with a private CA (an internal Keycloak)
    be reached."""

    ca_file: Path | None = None
    timeout_seconds: float = Field(default=10, gt=0, le=60)


class CodeHosts(_Section):
    """Publishing results to code hosts (GitHub). Failed publications are retried on this
    schedule; the CA file lets a GitHub Enterprise server with a private CA be reached."""

    ca_file: Path | None = None
    retry_schedule_seconds: list[int] = Field(
        default=[30, 120, 600, 1800, 3600, 7200, 21600], min_length=1
    )
    timeout_seconds: float = Field(default=30, gt=0, le=120)

    @field_validator("retry_schedule_seconds")
    @classmethod
    def _positive(cls, value: list[int]) -> list[int]:
        if any(step < 0 for step in value):
            raise ValueError("retry delays are seconds >= 0")
        return value


class Chat(_Section):
    """Chat notifications (each organization sets its own incoming-webhook URL)."""

    # The address people open Stockade at (https://stockade.example.com); links in chat
    # messages start with it. Unset: messages name the API paths instead of linking.
    public_url: str | None = Field(default=None, pattern=r"^https?://[^\s]+$", max_length=500)
    # How often each API instance looks for a due daily summary or weekly report.
    schedule_interval_seconds: float = Field(default=60, gt=0, le=3600)


class Smtp(_Section):
    """Outgoing e-mail (invitations, notifications). No ``host``: in-app notifications only."""

    host: str | None = None
    port: int = Field(default=587, ge=1, le=65535)
    username: str | None = None
    password: str | None = None
    from_: str = Field(default="stockade@localhost", alias="from", min_length=3, max_length=254)
    starttls: bool = True
    timeout_seconds: float = Field(default=10, gt=0, le=300)


class AuthIpLimits(_Section):
    """Attempts per client IP at the unauthenticated endpoints that hash a password
    (argon2 is slow by design: an unlimited flood of them starves every other request)."""

    register_per_minute: int = Field(default=20, ge=1)
    register_per_hour: int = Field(default=100, ge=1)
    login_per_minute: int = Field(default=30, ge=1)
    login_per_hour: int = Field(default=300, ge=1)


class Auth(_Section):
    jwt_secret: SecretStr | None = None
    # Keys sealing TOTP secrets, git tokens and uploaded sources at rest; the first seals,
    # all open (rotation). Empty: a key generated once in data_dir/encryption_key.
    encryption_keys: list[SecretStr] = []
    session_timeout_minutes: int = Field(default=30, ge=1, le=7 * 24 * 60)
    cookie_secure: bool | None = None
    ip_limits: AuthIpLimits = AuthIpLimits()


class Advisories(_Section):
    sources: list[str] = ["osv-local"]
    osv_base_url: str = "https://api.osv.dev"
    ecosystems: list[str] = []
    # The local OSV store, shared by the server and `stockade advisories ...`; unset means
    # `<data_dir>/advisories.sqlite` (see Settings.advisory_db_path). Alias: $STOCKADE_ADVISORY_DB.
    db_path: Path | None = None
    # Sync the store in the background when the server starts (off: air-gapped installs).
    auto_sync: bool = False
    # Where `sync` downloads `<base>/<Ecosystem>/all.zip`; unset means OSV's public bucket.
    sync_base_url: str | None = None


class OpenAI(_Section):
    api_key: SecretStr | None = None
    base_url: str | None = None
    organization: str | None = None


class Gemini(_Section):
    api_key: SecretStr | None = None
    base_url: str | None = None


class AzureOpenAI(_Section):
    api_key: SecretStr | None = None
    endpoint: str | None = None
    deployment: str | None = None
    api_version: str | None = None


class Llm(_Section):
    provider: Literal["openai", "gemini", "azure_openai"] | None = None
    default_model: str | None = None
    temperature: float = Field(default=0.2, ge=0, le=2)
    max_tokens: int = Field(default=2048, ge=1)
    timeout_seconds: float = Field(default=60, gt=0)
    enable_streaming: bool = True
    # Prompts and answers may hold customer code: logged only when this is switched on.
    log_prompts: bool = False
    # Provider calls one enrich request runs at once: 100 findings finish in about two
    # provider round trips; lower it for a local server or a low provider rate tier.
    max_concurrency: int = Field(default=64, ge=1, le=256)
    # Longest code or text sent to a provider per field; longer input is cut with a note.
    max_input_chars: int = Field(default=12_000, ge=256)
    # Wall-clock limit of one LLM request as a whole (an enrich, a fix with its repair
    # retry); each provider call also stops at timeout_seconds.
    total_budget_seconds: float = Field(default=300, gt=0)
    openai: OpenAI = OpenAI()
    gemini: Gemini = Gemini()
    azure_openai: AzureOpenAI = AzureOpenAI()


def _default_data_dir() -> Path:
    return Path(user_data_dir("stockade", appauthor=False))


class Settings(BaseSettings):
    """The effective configuration. Build it with :func:`load_settings`."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        env_nested_delimiter="__",
        case_sensitive=False,
        extra="forbid",
        validate_default=True,
    )

    dev_mode: bool = False
    data_dir: Path = Field(default_factory=_default_data_dir)
    server: Server = Server()
    database: Database = Database()
    redis: Redis = Redis()
    jobs: Jobs = Jobs()
    analysis: Analysis = Analysis()
    auth: Auth = Auth()
    advisories: Advisories = Advisories()
    smtp: Smtp = Smtp()
    webhooks: Webhooks = Webhooks()
    sso: Sso = Sso()
    chat: Chat = Chat()
    code_hosts: CodeHosts = CodeHosts()
    llm: Llm = Llm()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # The TOML file arrives as init kwargs; the environment must override it.
        return (env_settings, init_settings)

    @property
    def database_url(self) -> str:
        """The configured URL, else the embedded SQLite file in the data directory."""
        return self.database.url or f"sqlite:///{self.data_dir / 'stockade.db'}"

    @property
    def advisory_db_path(self) -> Path:
        """The local advisory store: ``advisories.db_path``, else in the data directory."""
        return self.advisories.db_path or self.data_dir / "advisories.sqlite"

    @property
    def embedded(self) -> bool:
        """True for the zero-configuration default: SQLite in the data directory."""
        return self.database.url is None

    @property
    def cookie_secure(self) -> bool:
        if self.auth.cookie_secure is not None:
            return self.auth.cookie_secure
        return not _is_loopback(self.server.host)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def config_path(explicit: Path | None, environ: Mapping[str, str]) -> Path | None:
    """Which file to read: ``--config``, else ``STOCKADE_CONFIG``, else ``./stockade.toml``."""
    if explicit is not None:
        return explicit
    if environ.get(CONFIG_ENV):
        return Path(environ[CONFIG_ENV])
    local = Path(DEFAULT_CONFIG_NAME)
    return local if local.is_file() else None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(f"configuration file {path} does not exist") from None
    except OSError as exc:
        raise ConfigError(f"cannot read configuration file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"configuration file {path} is not valid TOML: {exc}") from None


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        key = ".".join(str(p) for p in err["loc"]) or "(root)"
        msg = "unknown key" if err["type"] == "extra_forbidden" else err["msg"]
        parts.append(f"{key}: {msg}")
    return "invalid configuration: " + "; ".join(parts)


def load_settings(
    path: Path | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """Read the file (if any) and the environment; raise ConfigError naming any bad key.

    ``environ`` is accepted for symmetry with tests but pydantic-settings reads
    ``os.environ``; pass ``overrides`` (a nested dict) to set values programmatically.
    """
    env = os.environ if environ is None else environ
    _refuse_unknown_env(env)
    file = config_path(path, env)
    data: dict[str, Any] = _read_toml(file) if file is not None else {}
    if env.get(ADVISORY_DB_ALIAS):
        # As init data: the canonical STOCKADE__ADVISORIES__DB_PATH still wins over it.
        data = _deep_merge(data, {"advisories": {"db_path": env[ADVISORY_DB_ALIAS]}})
    if overrides:
        data = _deep_merge(data, overrides)
    try:
        return Settings(**data)
    except ValidationError as exc:
        where = f" (file {file})" if file is not None else ""
        raise ConfigError(_describe(exc) + where) from None


def _refuse_unknown_env(environ: Mapping[str, str]) -> None:
    """Fail on any ``STOCKADE__*`` variable that names no setting.

    pydantic-settings only sees variables whose first segment is a known section, so a typo
    in the section name (``STOCKADE__WEBHOOK__CA_FILE``) would otherwise be ignored silently
    and the server would start with a default the operator believes is overridden.
    """
    unknown = sorted(name for name in environ if _env_names_no_setting(name))
    if unknown:
        raise ConfigError(
            "invalid configuration: environment variables name no setting: "
            + "; ".join(f"{name} ({_dotted(name)}: unknown key)" for name in unknown)
        )


def _env_names_no_setting(name: str) -> bool:
    if not name.upper().startswith(ENV_PREFIX):
        return False
    model: type[BaseModel] | None = Settings
    for segment in name[len(ENV_PREFIX) :].lower().split("__"):
        fields = _fields_by_key(model) if model is not None else {}
        if segment not in fields:
            return True
        annotation = fields[segment].annotation
        is_section = isinstance(annotation, type) and issubclass(annotation, BaseModel)
        # A leaf setting (or an unknown name) ends the walk; further segments name nothing.
        model = annotation if isinstance(annotation, type) and is_section else None
    return False


def _fields_by_key(model: type[BaseModel]) -> dict[str, Any]:
    """A section's fields by the key a file or variable uses (the alias where one is set,
    e.g. ``smtp.from``, whose attribute is ``from_``)."""
    return {(info.alias or key).lower(): info for key, info in model.model_fields.items()}


def _dotted(name: str) -> str:
    return name[len(ENV_PREFIX) :].lower().replace("__", ".")


def _deep_merge(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def is_placeholder_secret(value: str) -> bool:
    return value.strip().lower() in _PLACEHOLDERS or len(value) < MIN_JWT_SECRET_LENGTH


def resolve_jwt_secret(settings: Settings) -> str:
    """The signing secret, refusing weak ones outside dev mode.

    The embedded default (SQLite in the data directory) and dev mode generate a secret once
    and keep it in ``data_dir/jwt_secret`` (mode 0600), so sessions survive restarts.
    """
    configured = settings.auth.jwt_secret
    if configured is not None and not is_placeholder_secret(configured.get_secret_value()):
        return configured.get_secret_value()
    if configured is not None and not settings.dev_mode:
        raise ConfigError(
            f"auth.jwt_secret is a placeholder or shorter than {MIN_JWT_SECRET_LENGTH} "
            "characters; set a random secret (e.g. `python -c 'import secrets; "
            "print(secrets.token_urlsafe(48))'`)"
        )
    if not (settings.embedded or settings.dev_mode):
        raise ConfigError(
            "auth.jwt_secret is required when database.url is set (outside dev mode); "
            "set STOCKADE__AUTH__JWT_SECRET"
        )
    return _stored_secret(settings.data_dir / JWT_SECRET_FILE)


def resolve_encryption_keys(settings: Settings) -> list[str]:
    """The at-rest encryption keys, first one sealing (see ``stockade.store.crypto``).

    Like the JWT secret: configured keys win; the embedded default and dev mode use a key
    generated once in ``data_dir/encryption_key``; instances sharing a database through
    ``database.url`` must be given the same keys, so there the setting is required.
    """
    configured = [key.get_secret_value() for key in settings.auth.encryption_keys]
    if configured:
        return configured
    if settings.database.url and not settings.dev_mode:
        raise ConfigError(
            "auth.encryption_keys is required when database.url is set (outside dev mode); "
            "every instance sharing the database needs the same keys"
        )
    return [_stored_secret(settings.data_dir / ENCRYPTION_KEY_FILE)]


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and missing parents) if needed; a directory created here is 0700.

    The data directory holds the database, the JWT secret and submitted code, so it is
    readable by its owner only whatever the umask. An existing directory keeps the mode
    its administrator chose.
    """
    if not path.is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):  # another process was first
            path.mkdir(mode=0o700)
            os.chmod(path, 0o700)  # mkdir's mode is filtered by the umask
    return path


def _stored_secret(path: Path) -> str:
    try:
        existing = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        existing = ""
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the generated secret {path}: {exc}") from None
    if len(existing) >= MIN_JWT_SECRET_LENGTH:
        return existing
    ensure_private_dir(path.parent)
    value = secrets.token_urlsafe(48)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(value + "\n")
    os.chmod(path, 0o600)
    return value


_SECRET_MARK = "********"  # noqa: S105 - the redaction mark


def redacted(settings: Settings) -> dict[str, Any]:
    """The effective settings as plain data, with every secret replaced by a mark."""
    data: dict[str, Any] = _redact(settings.model_dump(mode="python"))
    return data


def _redact(value: Any) -> Any:
    if isinstance(value, SecretStr):
        return _SECRET_MARK
    if isinstance(value, dict):
        return {k: _redact_url(k, _redact(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def _redact_url(key: str, value: Any) -> Any:
    """Database and broker URLs may embed a password: mask the userinfo part."""
    if not (isinstance(value, str) and key.endswith("url") and "@" in value and "://" in value):
        return value
    scheme, rest = value.split("://", 1)
    userinfo, host = rest.rsplit("@", 1)
    user = userinfo.split(":", 1)[0]
    return f"{scheme}://{user}:{_SECRET_MARK}@{host}"
