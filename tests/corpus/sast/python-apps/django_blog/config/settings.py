# stockade-expect: annotated
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# ruleid: python.hardcoded-secret-key
SECRET_KEY = "django-insecure-7h#q2@x!m0v9$k1zp3"
# ruleid: python.django-debug
DEBUG = True
# ruleid: python.django-allowed-hosts-wildcard
ALLOWED_HOSTS = ["*"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "blog",
]

# ruleid: python.django-csrf-middleware-missing
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]

ROOT_URLCONF = "config.urls"
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}}

# ruleid: python.django-weak-password-hasher
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# ok: python.django-no-password-validators
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

# ruleid: python.django-insecure-cookie-setting
SESSION_COOKIE_SECURE = False
# ok: python.django-insecure-cookie-setting
CSRF_COOKIE_SECURE = True
# ruleid: python.cookie-samesite-none
SESSION_COOKIE_SAMESITE = None
# ok: python.django-transport-security-off
SECURE_HSTS_SECONDS = 31536000
STATIC_URL = "static/"
