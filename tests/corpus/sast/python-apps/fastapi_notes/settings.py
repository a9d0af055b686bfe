# stockade-expect: annotated
import os

DATABASE_DSN = os.environ.get("NOTES_DSN", "postgresql://notes@localhost/notes")
# ruleid: python.hardcoded-secret-key
JWT_SECRET = "notes-jwt-signing-secret"
# ok: python.hardcoded-secret-key
JWT_SECRET_KEY = os.environ.get("NOTES_JWT_SECRET", "")
