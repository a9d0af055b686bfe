"""The exception tree of Stockade.

Every error Stockade raises on purpose derives from :class:`StockadeError`, so callers
(the CLI, the job runner, the HTTP layer) can tell "we refused this input" from a bug.
Below is every exception class in ``src/stockade``, with the module (under ``stockade.``)
that defines it; ``tests/core/test_errors.py`` fails when a class is missing here or is
rooted elsewhere::

    StockadeError                          core.errors
    ├── ConfigError                        core.errors          bad settings or options (exit 2)
    ├── TargetError                        core.errors          analysis path missing/unreadable
    ├── BaselineError                      core.errors          baseline unreadable or unparsable
    ├── AnalyzerError                      core.errors          an analyzer cannot be built
    │   └── RuleError                      core.errors          one invalid rule (id and file)
    ├── LoadError                          analyzers.apispec.loader    spec file not parseable
    ├── ParseError (also ValueError)       analyzers.deps.model        manifest not parseable
    ├── VersionError (also ValueError)     analyzers.deps.versions     version not parseable
    ├── AdvisorySourceError                analyzers.deps.advisories.interface
    │   ├── AdvisoriesNotReadyError        analyzers.deps.advisories.interface
    │   └── ImportFailedError              analyzers.deps.advisories.local
    ├── SealedValueError                   store.crypto         no key opens a sealed value
    ├── UnsafeTargetError                  core.netguard        URL refused by the SSRF guard
    ├── SourceRejectedError                jobs.sources.errors  bad source, refused before queueing
    ├── SourceError                        jobs.sources.errors  fetching the source failed
    ├── JobsError                          jobs.service         the job service refuses
    │   ├── JobNotFoundError               jobs.service
    │   ├── FindingNotFoundError           jobs.service
    │   ├── JobStateConflictError          jobs.service
    │   │   ├── JobFinishedError           jobs.service
    │   │   └── JobNotCompletedError       jobs.service
    │   ├── UnknownModuleError             jobs.service
    │   ├── OrganizationNotFoundError      jobs.service
    │   ├── InvalidCursorError             jobs.service
    │   ├── JobOptionsInvalidError         jobs.service         422: options that cannot apply
    │   └── CodeHostTargetError            jobs.service         422: code_host on a personal job
    ├── _LeaseLostError                    jobs.runner          internal control flow: rolls back
    ├── TenancyError                       tenancy.errors       the team layer refuses (code, kind)
    │   ├── NotFoundError                  tenancy.errors       404: absent or not visible
    │   ├── AccessDeniedError              tenancy.errors       403: role, 2FA, IP, plan, password
    │   ├── SessionExpiredError            tenancy.errors       401: organization session timeout
    │   ├── StateConflictError             tenancy.errors       409: status, limits, last owner
    │   ├── InvalidInputError              tenancy.errors       422: role, CIDR, URL, image
    │   ├── GoneError                      tenancy.errors       410: expired invitation
    │   └── TooLargeError                  tenancy.errors       413: logo over 1 MiB
    ├── MailDeliveryError                  tenancy.mail         SMTP unreachable or refused
    ├── QuotaExhaustedError                quota.ledger         the token pool cannot pay (429)
    ├── WebhookError                       webhooks.errors      a webhook refusal (code, status)
    │   ├── WebhookRejectedError           webhooks.errors      422: scheme, credentials, target
    │   ├── WebhookNotFoundError           webhooks.errors      404
    │   └── SendError                      webhooks.errors      an attempt got no HTTP answer
    ├── JobOptionsError (also ValueError)  jobs.options         job options that cannot apply (422)
    ├── CodeHostError                      jobs.codehost.errors a code-host refusal (code)
    │   ├── CodeHostRejectedError          jobs.codehost.errors 422: http or internal API URL, bad key
    │   ├── CodeHostNotFoundError          jobs.codehost.errors 404
    │   └── PublishError                   jobs.codehost.errors one call to the code host failed
    │       └── RateLimitedError           jobs.codehost.errors the host asked us to wait
    ├── LLMError                           llm.errors           code and status of an LLM refusal
    │   ├── LLMDisabledError               llm.errors           503: no provider configured
    │   ├── LLMInputError                  llm.errors           422: empty ids, unknown language
    │   └── ProviderError                  llm.errors           a provider call failed (refunded)
    │       ├── ProviderUnavailableError   llm.errors           503: timeout, connection, 5xx
    │       ├── ProviderRateLimitedError   llm.errors           503 + Retry-After: provider 429
    │       ├── ProviderAuthError          llm.errors           502: key missing or refused
    │       ├── ProviderStreamError        llm.errors           502: stream cut
    │       └── LLMBadResponseError        llm.errors           502: not JSON, schema broken
    ├── SsoError                           sso.errors           code and status of an SSO refusal
    │   ├── SsoConfigError                 sso.errors           422: issuer, role, domain, metadata
    │   ├── SsoPlanError                   sso.errors           403: plan_required
    │   ├── SsoNotConfiguredError          sso.errors           404: no such identity provider
    │   ├── SsoStateError                  sso.errors           400: state missing, used, expired
    │   ├── SsoRedirectError               sso.errors           400: off-site return_to
    │   ├── IdpUnavailableError            sso.errors           502: IdP unreachable or nonsense
    │   ├── SsoTokenError                  sso.errors           401: id_token failed a check
    │   ├── SsoAccessDeniedError           sso.errors           403: not admitted, sso_required
    │   └── SsoConflictError               sso.errors           409: domain of another organization
    ├── SamlError                          sso.saml_errors      a SAML response or metadata refused (code)
    ├── ProblemError                       server.problems      an API error answer (problem+json)
    ├── BodyTooLargeError (also starlette HTTPException)  server.middleware   answered 413
    └── CliError                           cli.errors           message plus exit code
        ├── NetworkError                   cli.errors           exit 3
        ├── QuotaExceededError             cli.errors           exit 4
        └── AuthRequiredError              cli.errors           exit 5

    BaseException                          (Python)
    └── FileTimeoutError                   scan.worker          internal control flow, not an error

``FileTimeoutError`` is deliberately outside the tree: the per-file alarm raises it anywhere
inside analyzer code, and deriving from ``BaseException`` (as ``KeyboardInterrupt`` does)
keeps the analyzers' ``except Exception``/``except StockadeError`` guards from swallowing it.
``_LeaseLostError`` is control flow too (it aborts the job's result transaction so it rolls
back), but it is raised at one known point in ``jobs.runner`` and caught a frame above,
with no handler in between, so it can stay an ordinary ``StockadeError``.
"""

from __future__ import annotations


class StockadeError(Exception):
    """Base of every deliberate Stockade error; its message is meant for users."""


class ConfigError(StockadeError):
    """Settings or options are invalid; the message names the offending key or flag."""


class TargetError(StockadeError):
    """The analysis target cannot be used as given."""


class BaselineError(StockadeError):
    """A baseline file is missing, corrupt or of an unknown version."""


class AnalyzerError(StockadeError):
    """An analyzer cannot be constructed, usually because of its rule data."""


class RuleError(AnalyzerError):
    """A single rule definition is invalid."""

    def __init__(self, rule_id: str, message: str, *, source: str | None = None) -> None:
        where = f" ({source})" if source else ""
        super().__init__(f"rule {rule_id}{where}: {message}")
        self.rule_id = rule_id
        self.source = source
