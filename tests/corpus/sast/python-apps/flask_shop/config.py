# stockade-expect: annotated
import os


class Config:
    # ruleid: python.hardcoded-secret-key
    SECRET_KEY = "shop-dev-key-2f9a7c"
    SQLALCHEMY_DATABASE_URI = os.environ.get("DATABASE_URL", "sqlite:///shop.db")
    # ruleid: python.flask-insecure-cookie-config
    SESSION_COOKIE_SECURE = False
    WTF_CSRF_TIME_LIMIT = 3600


class ProductionConfig(Config):
    # ok: python.hardcoded-secret-key
    SECRET_KEY = os.environ["SECRET_KEY"]
    # ok: python.flask-insecure-cookie-config
    SESSION_COOKIE_SECURE = True
