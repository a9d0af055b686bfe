"""Secrets never leave for a provider: the secrets analyzer's detectors run on the text and
each value becomes ``[REDACTED:<rule-id>]``. Keys are assembled here, never literals."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import BaseModel

from llm_provider_server import ProviderServer, Reply, llm_settings
from stockade.llm.factory import build_client
from stockade.llm.interface import CompletionRequest, Message
from stockade.llm.prompts import data_block
from stockade.llm.redact import redact
from stockade.llm.structured import complete_json

AWS_KEY_ID = "AKIA" + "QYLPMN5HHHFPZAM2"
AWS_SECRET = "wJalr" + "XUtnFEMI/K7MDENG/bPxRfiCY" + "zq81mFh3Lk"
GITHUB_TOKEN = "ghp_" + "R8xq2LmV7dW4tZ9bN3cY6pK1sH5jF0aE2gU7"


def snippet() -> str:
    return (
        "import boto3\n"
        f'client = boto3.client("s3", aws_access_key_id="{AWS_KEY_ID}",\n'
        f'                      aws_secret_access_key="{AWS_SECRET}")\n'
        f'GITHUB_TOKEN = "{GITHUB_TOKEN}"\n'
        'query = "SELECT * FROM users WHERE name = \'" + name + "\'"\n'
    )


def test_redact_replaces_each_secret_with_its_rule_id() -> None:
    text, count = redact(snippet())
    assert AWS_KEY_ID not in text and AWS_SECRET not in text and GITHUB_TOKEN not in text
    assert count == 3
    assert 'aws_access_key_id="[REDACTED:aws-access-key-id]"' in text
    assert 'aws_secret_access_key="[REDACTED:aws-secret-access-key]"' in text
    assert 'GITHUB_TOKEN = "[REDACTED:github-pat]"' in text
    assert "SELECT * FROM users" in text  # the code around the secrets is kept
    assert text.startswith("import boto3\nclient = boto3.client(")


def test_text_without_secrets_is_returned_unchanged() -> None:
    code = "def add(a, b):\n    return a + b\n"
    assert redact(code) == (code, 0)
    assert redact("") == ("", 0)


def test_multibyte_text_around_a_secret_survives() -> None:
    text, count = redact(f'# café ☕ 日本\ntoken = "{GITHUB_TOKEN}"  # ü\n')
    assert count == 1
    assert text == '# café ☕ 日本\ntoken = "[REDACTED:github-pat]"  # ü\n'


class Explanation(BaseModel):
    explanation: str


async def explain(kind: str, srv: ProviderServer, request: CompletionRequest) -> Explanation:
    client = build_client(llm_settings(kind, srv))
    assert client is not None
    try:
        return await complete_json(client, request, Explanation)
    finally:
        await client.aclose()


@pytest.mark.parametrize("kind", ["openai", "gemini", "azure_openai"])
def test_a_snippet_with_keys_never_reaches_the_provider(kind: str) -> None:
    """The path a service takes: redact, wrap in a data block, ask; the server records
    the raw bytes that arrived."""
    clean, count = redact(snippet())
    request = CompletionRequest(
        messages=[Message("user", "Explain:\n" + data_block("code app.py", clean))]
    )
    with ProviderServer() as srv:
        srv.script(Reply.json({"explanation": "hard-coded credentials"}))
        assert asyncio.run(explain(kind, srv, request)).explanation == "hard-coded credentials"
        sent = srv.requests[0].body
    assert count == 3
    for value in (AWS_KEY_ID, AWS_SECRET, GITHUB_TOKEN, GITHUB_TOKEN[4:20]):
        assert value.encode() not in sent
    assert b"[REDACTED:github-pat]" in sent
