"""What every LLM operation does before and after the provider call: redact, cut, put the
client's text in data blocks, log only when allowed, validate the answer.

One place for the safety rules, so an operation cannot forget one: every piece of client
text goes through :func:`prepare` (secrets redacted first, then cut to the limit with a note
the model sees), and every call through :func:`ask` (structured output validated with
Pydantic; prompts and answers logged only with ``llm.log_prompts``).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel

from stockade.llm.interface import CompletionRequest, LLMClient, Message
from stockade.llm.prompts import cut, data_block, system_prompt
from stockade.llm.redact import redact
from stockade.llm.structured import complete_json

log = logging.getLogger("stockade.llm")
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class ServiceOptions:
    """The ``llm.*`` settings the operations read (the llm package never reads config)."""

    log_prompts: bool = False
    max_input_chars: int = 12_000


@dataclass(frozen=True, slots=True)
class Prepared:
    """Client text made safe to send: redacted, cut (with a visible note), and what was
    done to it."""

    text: str
    redacted: int = 0
    kept: int | None = None  # characters of the original kept when it was cut, else None


@dataclass(slots=True)
class Prompt:
    """A prompt being assembled: instructions plus labelled data blocks."""

    task: str
    blocks: list[str] = field(default_factory=list)
    redacted: int = 0
    cut: list[str] = field(default_factory=list)

    def add(self, label: str, raw: str | None, options: ServiceOptions) -> Prepared:
        """Redact and cut ``raw`` and append it as the data block ``label``."""
        prepared = prepare(raw or "", options.max_input_chars)
        self.redacted += prepared.redacted
        if prepared.kept is not None:
            self.cut.append(label)
        self.blocks.append(data_block(label, prepared.text, limit=None))
        return prepared

    def request(self) -> CompletionRequest:
        user = "\n\n".join([self.task, *self.blocks])
        return CompletionRequest(
            messages=[Message("system", system_prompt()), Message("user", user)]
        )


def prepare(raw: str, limit: int) -> Prepared:
    """Redact secrets from ``raw``, then cut it to ``limit`` characters with a note the
    model sees. Redaction runs on the whole text first, so a key straddling the cut is
    still recognised and removed."""
    text, count = redact(raw)
    if len(text) <= limit:
        return Prepared(text, count)
    shortened = cut(text, limit)
    return Prepared(shortened, count, kept=_kept(text, shortened))


def _kept(text: str, shortened: str) -> int:
    """How many characters of ``text`` the cut version still shows."""
    marker = shortened.rfind("\n[cut by Stockade")
    return marker if marker >= 0 else len(text)


async def ask(
    client: LLMClient,
    operation: str,
    request: CompletionRequest,
    model: type[M],
    options: ServiceOptions,
) -> M:
    """One structured call: the answer validated as ``model`` (one repair retry inside
    :func:`complete_json`, then :class:`~stockade.llm.errors.LLMBadResponseError`)."""
    log_prompt(operation, request, options)
    started = time.perf_counter()
    answer = await complete_json(client, request, model)
    log.info(
        "llm %s answered by %s in %.0f ms",
        operation,
        client.provider,
        (time.perf_counter() - started) * 1000,
    )
    if options.log_prompts:
        log.info("llm %s answer: %s", operation, answer.model_dump_json())
    return answer


def log_prompt(operation: str, request: CompletionRequest, options: ServiceOptions) -> None:
    """Prompts may hold customer code: logged only with ``llm.log_prompts`` on."""
    if options.log_prompts:
        for message in request.messages:
            log.info("llm %s prompt (%s): %s", operation, message.role, message.content)
