# stockade-expect: annotated
import jwt
from fastapi import Depends, HTTPException
from fastapi.security import OAuth2PasswordBearer

from .settings import JWT_SECRET

oauth2 = OAuth2PasswordBearer(tokenUrl="token")


def issue(user_id: int) -> str:
    # ok: python.jwt-hardcoded-secret
    return jwt.encode({"sub": str(user_id)}, JWT_SECRET, algorithm="HS256")


def current_user(token: str = Depends(oauth2)) -> dict:
    try:
        # ok: python.jwt-verification-disabled
        return jwt.decode(token, JWT_SECRET, algorithms=["HS256"])
    except jwt.PyJWTError as exc:
        raise HTTPException(status_code=401) from exc


def debug_claims(token: str) -> dict:
    # ruleid: python.jwt-verification-disabled
    return jwt.decode(token, options={"verify_signature": False})


def legacy_token(user_id: int) -> str:
    # ruleid: python.jwt-hardcoded-secret
    return jwt.encode({"sub": str(user_id)}, "legacy-shared-secret", algorithm="HS256")
