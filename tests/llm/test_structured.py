"""Structured answers: the Pydantic model's schema is sent, the answer validated, one repair
turn for a schema-violating answer, then ``llm_bad_response``; against the loopback server."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import BaseModel, Field

from llm_provider_server import ProviderServer, Reply, llm_settings
from stockade.llm.errors import LLMBadResponseError, ProviderUnavailableError
from stockade.llm.factory import build_client
from stockade.llm.interface import CompletionRequest, Message
from stockade.llm.structured import complete_json, parse_answer

REQUEST = CompletionRequest(messages=[Message("system", "sys"), Message("user", "fix it")])
VALID = {"fixed_code": "cursor.execute(q, (name,))", "confidence": 0.8}


class FixAnswer(BaseModel):
    fixed_code: str
    confidence: float = Field(ge=0, le=1)


def ask(kind: str, srv: ProviderServer, **settings: Any) -> FixAnswer:
    async def go() -> FixAnswer:
        client = build_client(llm_settings(kind, srv, **settings))
        assert client is not None
        try:
            return await complete_json(client, REQUEST, FixAnswer)
        finally:
            await client.aclose()

    return asyncio.run(go())


@pytest.mark.parametrize("kind", ["openai", "gemini", "azure_openai"])
def test_valid_answer_in_one_call_with_the_model_schema(kind: str) -> None:
    with ProviderServer() as srv:
        srv.script(Reply.json(VALID))
        answer = ask(kind, srv)
        assert len(srv.requests) == 1
        body = srv.requests[0].json
    assert answer == FixAnswer.model_validate(VALID)
    if kind == "gemini":
        schema = body["generationConfig"]["responseSchema"]
        assert schema["properties"]["confidence"] == {"type": "NUMBER", "minimum": 0, "maximum": 1}
    else:
        sent = body["response_format"]["json_schema"]
        assert sent["name"] == "FixAnswer"
        assert sent["schema"]["properties"]["confidence"]["maximum"] == 1


@pytest.mark.parametrize("kind", ["openai", "gemini"])
def test_schema_violation_then_valid_answer_after_one_repair_turn(kind: str) -> None:
    with ProviderServer() as srv:
        srv.script(Reply.json({"fixed_code": "x", "confidence": 7}), Reply.json(VALID))
        answer = ask(kind, srv)
        first, second = (r.json for r in srv.requests)
    assert answer == FixAnswer.model_validate(VALID)
    if kind == "gemini":
        turns = second["contents"]
        assert turns[:1] == first["contents"]
        assert turns[1] == {
            "role": "model",
            "parts": [{"text": '{"fixed_code": "x", "confidence": 7}'}],
        }
        repair = turns[2]["parts"][0]["text"]
        assert turns[2]["role"] == "user"
    else:
        turns = second["messages"]
        assert turns[:2] == first["messages"]
        assert turns[2] == {"role": "assistant", "content": '{"fixed_code": "x", "confidence": 7}'}
        assert turns[3]["role"] == "user"
        repair = turns[3]["content"]
    assert "confidence: Input should be less than or equal to 1" in repair
    assert "FixAnswer" in repair


def test_two_bad_answers_are_llm_bad_response() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("Sure! Here is the fix."), Reply.json({"fixed_code": 3}))
        with pytest.raises(LLMBadResponseError) as caught:
            ask("openai", srv)
        assert len(srv.requests) == 2  # exactly one repair, no more
    assert caught.value.code == "llm_bad_response"
    assert caught.value.status == 502
    assert "after one repair" in str(caught.value)
    assert "fixed_code: Input should be a valid string" in str(caught.value)


def test_provider_failure_during_repair_is_not_hidden() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.json({"nope": 1}), Reply.error(503))
        with pytest.raises(ProviderUnavailableError):
            ask("openai", srv)


def test_fenced_answer_is_accepted_without_repair() -> None:
    fenced = "```json\n" + '{"fixed_code": "a", "confidence": 0.5}' + "\n```\n"
    with ProviderServer() as srv:
        srv.script(Reply.text(fenced))
        assert ask("openai", srv) == FixAnswer(fixed_code="a", confidence=0.5)
        assert len(srv.requests) == 1


@pytest.mark.parametrize(
    "text",
    [
        '{"fixed_code": "a", "confidence": 0.5}',
        '  {"fixed_code": "a", "confidence": 0.5}\n',
        '```\n{"fixed_code": "a", "confidence": 0.5}\n```',
        '```JSON\r\n{"fixed_code": "a", "confidence": 0.5}\r\n```',
    ],
)
def test_parse_answer_strips_fences(text: str) -> None:
    assert parse_answer(text, FixAnswer) == FixAnswer(fixed_code="a", confidence=0.5)


def test_code_fences_inside_values_are_kept() -> None:
    text = '{"fixed_code": "```py\\nx = 1\\n```", "confidence": 1}'
    assert parse_answer(text, FixAnswer).fixed_code == "```py\nx = 1\n```"
