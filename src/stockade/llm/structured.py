"""Structured answers: ask with a JSON schema, validate with Pydantic, repair once.

Vendors' schema enforcement differs (OpenAI ``strict``, Gemini's subset, a local server that
ignores ``response_format``), so whatever the provider did, the answer is validated here by
the Pydantic model the caller names. A first answer that fails gets one repair turn: the
model sees its own answer and the validation errors and tries again. A second failure is
:class:`~stockade.llm.errors.LLMBadResponseError` (502 ``llm_bad_response``), never a guess.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from stockade.llm.errors import LLMBadResponseError
from stockade.llm.interface import CompletionRequest, LLMClient, Message, OutputSchema

M = TypeVar("M", bound=BaseModel)

MAX_ERRORS_SHOWN = 5
MAX_ECHO_CHARS = 8_000  # the bad answer shown back to the model in the repair turn
_FENCE = re.compile(r"^\s*```[A-Za-z]*[ \t]*\r?\n(?P<body>.*?)\r?\n?[ \t]*```\s*$", re.DOTALL)


async def complete_json(client: LLMClient, request: CompletionRequest, model: type[M]) -> M:
    """The answer to ``request`` as a validated ``model``; the schema sent is
    ``model.model_json_schema()`` (whatever ``request.schema`` held)."""
    schema = OutputSchema(name=model.__name__, schema=model.model_json_schema())
    asked = replace(request, schema=schema)
    first = await client.complete(asked)
    try:
        return parse_answer(first.text, model)
    except ValidationError as exc:
        problem = describe(exc)
    repair = replace(
        asked,
        messages=[
            *asked.messages,
            Message("assistant", first.text[:MAX_ECHO_CHARS]),
            Message(
                "user",
                f"That answer is not valid: {problem}. Answer again with only one JSON "
                f"object that follows the {schema.name} schema, without code fences or "
                "any other text.",
            ),
        ],
    )
    second = await client.complete(repair)
    try:
        return parse_answer(second.text, model)
    except ValidationError as exc:
        raise LLMBadResponseError(
            f"the model's answer did not follow the {schema.name} schema, also after one "
            f"repair: {describe(exc)}"
        ) from None


def parse_answer(text: str, model: type[M]) -> M:
    """``text`` (JSON, possibly inside a Markdown code fence) validated as ``model``."""
    fenced = _FENCE.match(text)
    return model.model_validate_json(fenced.group("body") if fenced else text.strip())


def describe(exc: ValidationError) -> str:
    """The first validation errors as ``field: message``, short enough for a prompt and a
    problem answer (values are not quoted: they came from the model)."""
    errors = exc.errors(include_url=False, include_input=False)
    shown = [
        f"{'.'.join(str(p) for p in e['loc']) or '(answer)'}: {e['msg']}"
        for e in errors[:MAX_ERRORS_SHOWN]
    ]
    more = len(errors) - len(shown)
    return "; ".join(shown) + (f" (and {more} more)" if more > 0 else "")
