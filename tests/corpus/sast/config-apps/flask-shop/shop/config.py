# stockade-expect: annotated
"""Configuration classes loaded with app.config.from_object()."""

import os


class Config:
    SECRET_KEY = os.environ["SHOP_SECRET_KEY"]
    SQLALCHEMY_DATABASE_URI = os.environ.get("DATABASE_URL", "sqlite:///shop.db")
    # ok: python.flask-insecure-cookie-config
    SESSION_COOKIE_HTTPONLY = True
    # ok: python.csrf-disabled-config
    WTF_CSRF_TIME_LIMIT = 3600


class ProductionConfig(Config):
    # ruleid: python.flask-insecure-cookie-config
    SESSION_COOKIE_SECURE = False
    # ruleid: python.csrf-disabled-config
    WTF_CSRF_ENABLED = False
