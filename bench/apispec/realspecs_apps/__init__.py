"""Small FastAPI applications whose generated OpenAPI documents join the real-spec corpus."""
