"""One module per provider kind, each a thin ``httpx`` adapter implementing
:class:`stockade.llm.interface.LLMClient`."""
