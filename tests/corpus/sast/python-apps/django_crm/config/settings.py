# stockade-expect: annotated
import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# ruleid: python.hardcoded-secret-key
SECRET_KEY = "django-insecure-q8$w1z!n0v@4k#p7m2x9c5b3"
# ok: python.hardcoded-secret-key
SIGNING_SALT = os.environ["CRM_SIGNING_SALT"]

DEBUG = os.environ.get("CRM_DEBUG") == "1"
ALLOWED_HOSTS = ["crm.example.com"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "crm",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]

# ruleid: python.django-insecure-cookie-setting
SESSION_COOKIE_SECURE = False
# ok: python.django-insecure-cookie-setting
CSRF_COOKIE_SECURE = True

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "crm",
        "USER": "crm",
        # ruleid: python.hardcoded-db-password
        "PASSWORD": "Crm2024!prod",
        "HOST": "db",
    },
    "replica": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "crm",
        "USER": "crm_ro",
        # ok: python.hardcoded-db-password
        "PASSWORD": os.environ.get("CRM_REPLICA_PASSWORD"),
        "HOST": "replica",
    },
}
