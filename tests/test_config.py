"""The settings tree: defaults from the spec, TOML file, STOCKADE__ overrides, validation."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from stockade.config import load_settings, redacted, resolve_jwt_secret
from stockade.core.errors import ConfigError


def test_spec_defaults() -> None:
    s = load_settings()
    tiers = s.server.rate_limit.tiers
    assert (
        tiers.api_key.requests_per_minute,
        tiers.api_key.requests_per_hour,
        tiers.api_key.burst,
    ) == (100, 2000, 20)
    assert (
        tiers.authenticated.requests_per_minute,
        tiers.authenticated.requests_per_hour,
        tiers.authenticated.burst,
    ) == (60, 1000, 10)
    assert (
        tiers.anonymous.requests_per_minute,
        tiers.anonymous.requests_per_hour,
        tiers.anonymous.burst,
    ) == (10, 100, 5)
    assert tiers.org_bonus_percent == 20
    costs = s.server.rate_limit.costs
    assert (costs.get, costs.post, costs.analysis, costs.llm) == (1, 2, 3, 6)
    assert (s.server.host, s.server.port, s.server.max_body_mb) == ("127.0.0.1", 3000, 100)
    assert s.auth.session_timeout_minutes == 30
    assert s.jobs.backend == "inprocess" and s.jobs.timeout_seconds == 1800
    assert s.analysis.retention_days == 365
    assert s.advisories.sources == ["osv-local"]
    assert s.database_url.startswith("sqlite:///") and s.embedded


def test_env_overrides_nest_with_double_underscore(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STOCKADE__SERVER__RATE_LIMIT__TIERS__API_KEY__REQUESTS_PER_MINUTE", "7")
    monkeypatch.setenv("stockade__llm__openai__base_url", "http://127.0.0.1:8000/v1")
    monkeypatch.setenv("STOCKADE__SERVER__CORS_ORIGINS", '["https://ui.example"]')
    s = load_settings()
    assert s.server.rate_limit.tiers.api_key.requests_per_minute == 7
    assert s.server.rate_limit.tiers.api_key.burst == 20  # the sibling keeps its default
    assert s.llm.openai.base_url == "http://127.0.0.1:8000/v1"
    assert s.server.cors_origins == ["https://ui.example"]


def test_file_from_stockade_config_and_env_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = tmp_path / "stockade.toml"
    cfg.write_text(
        '[server]\nport = 4000\nhost = "0.0.0.0"\n[llm]\nprovider = "gemini"\n[server.rate_limit.costs]\nllm = 9\n'
    )
    monkeypatch.setenv("STOCKADE_CONFIG", str(cfg))
    monkeypatch.setenv("STOCKADE__SERVER__PORT", "5000")
    s = load_settings()
    assert s.server.port == 5000
    assert s.server.host == "0.0.0.0"
    assert s.llm.provider == "gemini"
    assert s.server.rate_limit.costs.llm == 9 and s.server.rate_limit.costs.get == 1
    assert s.cookie_secure  # not loopback


@pytest.mark.parametrize(
    ("env", "value", "key"),
    [
        ("STOCKADE__SERVER__PORT", "seventy", "server.port"),
        ("STOCKADE__SERVER__PORT", "70000", "server.port"),
        ("STOCKADE__LLM__PROVIDER", "acme", "llm.provider"),
        (
            "STOCKADE__SERVER__RATE_LIMIT__TIERS__ANONYMOUS__BURST",
            "0",
            "server.rate_limit.tiers.anonymous.burst",
        ),
        ("STOCKADE__SERVER__MAX_BODY_MB", "-1", "server.max_body_mb"),
        ("STOCKADE__SERVER__BOGUS", "1", "server.bogus"),
    ],
)
def test_bad_values_name_the_key(
    monkeypatch: pytest.MonkeyPatch, env: str, value: str, key: str
) -> None:
    monkeypatch.setenv(env, value)
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        load_settings()


def test_unknown_key_in_file(tmp_path: Path) -> None:
    cfg = tmp_path / "s.toml"
    cfg.write_text("[auth]\nsession_timeout = 5\n")
    with pytest.raises(ConfigError, match=r"auth\.session_timeout: unknown key"):
        load_settings(cfg)


def test_missing_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "nope.toml")
    broken = tmp_path / "b.toml"
    broken.write_text("[server\nport=1")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(broken)


def test_embedded_default_generates_and_keeps_the_jwt_secret(tmp_path: Path) -> None:
    s = load_settings(overrides={"data_dir": str(tmp_path)})
    first = resolve_jwt_secret(s)
    path = tmp_path / "jwt_secret"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert len(first) >= 32 and resolve_jwt_secret(s) == first


@pytest.mark.parametrize("placeholder", ["change-me", "secret", "short-but-not-placeholder"])
def test_placeholder_secret_refused_outside_dev_mode(tmp_path: Path, placeholder: str) -> None:
    s = load_settings(overrides={"data_dir": str(tmp_path), "auth": {"jwt_secret": placeholder}})
    with pytest.raises(ConfigError, match=r"auth\.jwt_secret"):
        resolve_jwt_secret(s)
    dev = load_settings(
        overrides={"data_dir": str(tmp_path), "dev_mode": True, "auth": {"jwt_secret": placeholder}}
    )
    assert resolve_jwt_secret(dev) != placeholder


def test_external_database_requires_a_secret(tmp_path: Path) -> None:
    s = load_settings(
        overrides={"data_dir": str(tmp_path), "database": {"url": "postgresql+psycopg://db/x"}}
    )
    with pytest.raises(ConfigError, match=r"auth\.jwt_secret is required"):
        resolve_jwt_secret(s)
    strong = "k" * 20 + "Q9" * 10
    s = load_settings(
        overrides={"database": {"url": "postgresql+psycopg://db/x"}, "auth": {"jwt_secret": strong}}
    )
    assert resolve_jwt_secret(s) == strong


def test_redacted_hides_secrets_and_url_passwords() -> None:
    api_key = "sk-" + "abc123" * 5
    s = load_settings(
        overrides={
            "auth": {"jwt_secret": "x" * 40},
            "llm": {"openai": {"api_key": api_key}},
            "database": {"url": "postgresql+psycopg://app:hunter2pass@db:5432/stockade"},
        }
    )
    text = repr(redacted(s))
    assert api_key not in text and "x" * 40 not in text and "hunter2pass" not in text
    assert redacted(s)["database"]["url"] == "postgresql+psycopg://app:********@db:5432/stockade"


@pytest.mark.parametrize(
    "env",
    [
        "STOCKADE__NOSUCH__LEVEL",
        "STOCKADE__WEBHOOK__CA_FILE",
        "STOCKADE__NOSUCH",
        "STOCKADE__DATA_DIR__EXTRA",
        "stockade__server__nope",
    ],
)
def test_unknown_env_variable_is_refused_by_name(monkeypatch: pytest.MonkeyPatch, env: str) -> None:
    monkeypatch.setenv(env, "1")
    with pytest.raises(ConfigError, match=env):
        load_settings()


def test_cli_variables_and_known_keys_are_not_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("STOCKADE_SERVER_URL", "STOCKADE_API_KEY", "STOCKADE_ADVISORY_DB"):
        monkeypatch.setenv(name, "x")
    monkeypatch.setenv("STOCKADE__SERVER__RATE_LIMIT__TIERS__ANONYMOUS__BURST", "3")
    assert load_settings().server.rate_limit.tiers.anonymous.burst == 3


@pytest.mark.parametrize("command", [["config", "show"], ["server", "--port", "1"], ["worker"]])
def test_cli_commands_exit_2_naming_an_unknown_env_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    from stockade.cli.app import main

    monkeypatch.setenv("STOCKADE__NOSUCH__LEVEL", "debug")
    code = main(command)
    assert code == 2 and "STOCKADE__NOSUCH__LEVEL" in capsys.readouterr().err
