# stockade-expect: annotated
"""Encryption of backup archives and API tokens."""
import hashlib
import os

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

# ruleid: python.static-iv
LEGACY_MODE = modes.CBC(b"\x00" * 16)


def new_signing_key():
    # ruleid: python.rsa-short-key
    return rsa.generate_private_key(public_exponent=65537, key_size=1024)


def new_service_key():
    # ok: python.rsa-short-key
    return rsa.generate_private_key(public_exponent=65537, key_size=3072)


def encrypt_legacy(key, data):
    # ruleid: python.ecb-mode
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(data) + enc.finalize()


def encrypt(key, data):
    nonce = os.urandom(12)
    # ok: python.static-iv
    return nonce + AESGCM(key).encrypt(nonce, data, None)


def derive_key(password, salt):
    # ruleid: python.weak-kdf-iterations
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=1000)
    return kdf.derive(password)


def derive_key_strong(password, salt):
    # ok: python.weak-kdf-iterations
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=600_000)
    return kdf.derive(password)


def store_password(password):
    # ruleid: python.fast-hash-for-password
    return hashlib.sha256(password.encode()).hexdigest()


def file_digest(path):
    with open(path, "rb") as fh:
        # ok: python.fast-hash-for-password
        return hashlib.sha256(fh.read()).hexdigest()


def wrap_key(public_key, key):
    # ruleid: python.rsa-pkcs1v15-encryption
    return public_key.encrypt(key, padding.PKCS1v15())


def wrap_key_oaep(public_key, key):
    # ok: python.rsa-pkcs1v15-encryption
    return public_key.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
