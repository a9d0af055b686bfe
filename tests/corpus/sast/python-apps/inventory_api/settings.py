# stockade-expect: annotated
import os
import ssl

from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    database_url: str = "postgresql://inventory@db/inventory"
    # ruleid: python.hardcoded-secret-key
    secret_key: str = "9f2c6e1d4b7a8c3e5f0a1b2c3d4e5f60"
    # ok: python.hardcoded-secret-key
    session_secret: str = os.environ.get("SESSION_SECRET", "")
    cors_origins: list[str] = ["https://inventory.example.com"]


settings = Settings()


def upstream_ssl_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    if os.environ.get("INVENTORY_INSECURE_UPSTREAM"):
        # ruleid: python.ssl-no-verification
        ctx.verify_mode = ssl.CERT_NONE
    # ok: python.ssl-no-verification
    ctx.verify_mode = ssl.CERT_REQUIRED
    return ctx
