"""Optional LLM post-processing: explain, fix (verified by Stockade's own analyzers), query
and enrich. LLMs never detect; without ``llm.provider`` the endpoints answer 503
``llm_disabled`` and nothing else changes."""
