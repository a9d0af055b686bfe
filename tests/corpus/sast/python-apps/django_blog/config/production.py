# stockade-expect: annotated
import os

from .settings import *  # noqa: F403

# ok: python.hardcoded-secret-key
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
# ok: python.django-debug
DEBUG = False
# ok: python.django-allowed-hosts-wildcard
ALLOWED_HOSTS = ["blog.example.com"]
# ok: python.django-csrf-middleware-missing
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
# ok: python.django-weak-password-hasher
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
# ok: python.cookie-samesite-none
SESSION_COOKIE_SAMESITE = "Lax"
