"""Pydantic schemas in each vendor's structured-output dialect."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from stockade.llm.providers._schema import gemini_schema, openai_strict


class Step(BaseModel):
    text: str = Field(description="one step")
    url: str | None = Field(default=None, json_schema_extra={"format": "uri"})


class Answer(BaseModel):
    kind: Literal["explain", "fix"]
    steps: list[Step] = Field(max_length=5)
    score: float = 0.5
    count: int | None = None


def test_gemini_schema_inlines_refs_and_keeps_only_its_subset() -> None:
    schema = gemini_schema(Answer.model_json_schema())
    assert schema == {
        "type": "OBJECT",
        "properties": {
            "kind": {"type": "STRING", "enum": ["explain", "fix"]},
            "steps": {
                "type": "ARRAY",
                "items": {  # the $ref inlined
                    "type": "OBJECT",
                    "properties": {
                        "text": {"type": "STRING", "description": "one step"},
                        "url": {"type": "STRING", "nullable": True},  # "uri": not Gemini's
                    },
                    "propertyOrdering": ["text", "url"],
                    "required": ["text"],
                },
                "maxItems": 5,
            },
            "score": {"type": "NUMBER"},
            "count": {"type": "INTEGER", "nullable": True},
        },
        "propertyOrdering": ["kind", "steps", "score", "count"],
        "required": ["kind", "steps"],
    }


def test_openai_strict_closes_objects_and_requires_every_property() -> None:
    schema, strict = openai_strict(Answer.model_json_schema())
    assert strict is True
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["kind", "steps", "score", "count"]
    step = schema["$defs"]["Step"]
    assert step["additionalProperties"] is False
    assert step["required"] == ["text", "url"]
    assert "default" not in schema["properties"]["score"]
    assert "default" not in step["properties"]["url"]


def test_openai_strict_refuses_free_form_mappings() -> None:
    class Loose(BaseModel):
        labels: dict[str, str]

    original = Loose.model_json_schema()
    schema, strict = openai_strict(original)
    assert strict is False
    assert schema == original


def test_openai_strict_needs_an_object_root() -> None:
    assert openai_strict({"type": "array", "items": {"type": "string"}})[1] is False


def test_fields_named_like_schema_keywords_are_kept() -> None:
    class Odd(BaseModel):
        default: str
        properties: list[str]
        type: int = 0

    strict, ok = openai_strict(Odd.model_json_schema())
    assert ok is True
    assert list(strict["properties"]) == ["default", "properties", "type"]
    assert strict["required"] == ["default", "properties", "type"]
    assert strict["properties"]["properties"] == {
        "items": {"type": "string"},
        "title": "Properties",
        "type": "array",
    }
    gemini = gemini_schema(Odd.model_json_schema())
    assert gemini["properties"]["default"] == {"type": "STRING"}
    assert gemini["properties"]["properties"] == {"type": "ARRAY", "items": {"type": "STRING"}}
    assert gemini["properties"]["type"] == {"type": "INTEGER"}


def test_free_form_mapping_nested_in_a_list_is_found() -> None:
    class Deep(BaseModel):
        rows: list[dict[str, int]]

    assert openai_strict(Deep.model_json_schema())[1] is False
