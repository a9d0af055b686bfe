"""Answer a free-text security question about one file.

The model's ``references`` are kept only when they are absolute http(s) URLs: a client may
render them as links, and a ``javascript:`` or ``file:`` one must never get that far.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import BaseModel, Field, field_validator

from stockade.llm.interface import CompletionRequest, LLMClient, OutputSchema
from stockade.llm.services.common import Prompt, ServiceOptions, ask

_TASK = (
    "Answer the security question in the 'query' block about the file in the "
    "'file_content' block (named in 'file_name'). Answer with a JSON object: 'answer' "
    "(plain text) and 'references' (URLs of documentation backing the answer, may be "
    "empty)."
)
_MAX_URL = 2048


class QueryAnswer(BaseModel):
    answer: str
    references: list[str] = Field(default_factory=list)

    @field_validator("references")
    @classmethod
    def _web_links(cls, value: list[str]) -> list[str]:
        return [url.strip() for url in value if is_web_url(url.strip())]


# Built once: generating a JSON schema costs about a millisecond, on every call.
_SCHEMA = OutputSchema("answer", QueryAnswer.model_json_schema())


def is_web_url(url: str) -> bool:
    if len(url) > _MAX_URL or any(c.isspace() for c in url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


async def answer_query(
    client: LLMClient, query: str, file: str, content: str, options: ServiceOptions
) -> QueryAnswer:
    prompt = Prompt(_TASK)
    prompt.add("query", query, options)
    prompt.add("file_name", file, options)
    prompt.add("file_content", content, options)
    request = CompletionRequest(
        messages=prompt.request().messages,
        schema=_SCHEMA,
    )
    return await ask(client, "query", request, QueryAnswer, options)
