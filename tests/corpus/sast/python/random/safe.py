# stockade-expect: safe CWE-330
import secrets

def new_reset_token():
    reset_token = secrets.token_urlsafe(24)
    return reset_token
