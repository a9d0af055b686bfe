"""The LLM operations (explain, fix, query, enrich), one module each, over any
:class:`~stockade.llm.interface.LLMClient`; :mod:`.common` holds the safety rules they
share."""

from stockade.llm.services.common import ServiceOptions

__all__ = ["ServiceOptions"]
