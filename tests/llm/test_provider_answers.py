"""Answers that are well-formed JSON but not a usable completion: a refusal, no choices, a
blocked prompt, thinking parts. Each vendor's shape, from the loopback server."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from llm_provider_server import ProviderServer, Reply, llm_settings
from stockade.llm.errors import LLMBadResponseError
from stockade.llm.factory import build_client
from stockade.llm.interface import Completion, CompletionRequest, Message

REQUEST = CompletionRequest(messages=[Message("user", "explain")])


def complete(kind: str, payload: Any) -> Completion:
    with ProviderServer() as srv:
        srv.script(Reply.raw(payload))

        async def go() -> Completion:
            client = build_client(llm_settings(kind, srv))
            assert client is not None
            try:
                return await client.complete(REQUEST)
            finally:
                await client.aclose()

        return asyncio.run(go())


def test_openai_refusal_is_a_bad_response_with_the_reason() -> None:
    message = {"role": "assistant", "content": None, "refusal": "I can't help with that."}
    with pytest.raises(LLMBadResponseError, match="the model refused: I can't help with that"):
        complete("openai", {"choices": [{"index": 0, "message": message}]})


@pytest.mark.parametrize(
    ("payload", "missing"),
    [
        ({"choices": []}, "choices"),
        ({"object": "chat.completion"}, "choices"),
        ({"choices": [{"index": 0}]}, "a message"),
        ({"choices": [{"message": {"role": "assistant", "content": None}}]}, "text"),
    ],
)
def test_openai_answer_without_text_is_a_bad_response(
    payload: dict[str, Any], missing: str
) -> None:
    with pytest.raises(LLMBadResponseError, match=f"openai answered without {missing}$"):
        complete("openai", payload)


def test_openai_answer_without_usage_or_model_still_reads() -> None:
    answer = complete("openai", {"choices": [{"message": {"content": "hi"}}]})
    assert (answer.text, answer.model, answer.input_tokens, answer.finish_reason) == (
        "hi",
        "test-model",
        None,
        None,
    )


def test_json_that_is_not_an_object_is_a_bad_response() -> None:
    with pytest.raises(LLMBadResponseError, match="not an object"):
        complete("azure_openai", ["a", "list"])


def test_gemini_blocked_prompt_names_the_reason() -> None:
    payload = {"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": {}}
    with pytest.raises(LLMBadResponseError, match=r"gemini blocked the prompt \(SAFETY\)"):
        complete("gemini", payload)


def test_gemini_candidate_without_text_names_the_finish_reason() -> None:
    payload = {"candidates": [{"content": {"parts": []}, "finishReason": "RECITATION"}]}
    with pytest.raises(LLMBadResponseError, match=r"no text \(RECITATION\)"):
        complete("gemini", payload)


def test_gemini_thought_parts_are_not_the_answer() -> None:
    parts = [{"text": "Let me think...", "thought": True}, {"text": '{"a": '}, {"text": "1}"}]
    payload = {
        "candidates": [{"content": {"parts": parts, "role": "model"}, "finishReason": "STOP"}],
        "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 3},
        "modelVersion": "gemini-2.5-flash-001",
    }
    answer = complete("gemini", payload)
    assert answer.text == '{"a": 1}'
    assert (answer.model, answer.input_tokens, answer.output_tokens) == (
        "gemini-2.5-flash-001",
        5,
        3,
    )
