"""A device's signature on its moves in a game by links: Ed25519 (RFC 8032), by python-ecdsa.

Each device of a game by links keeps one secret (fair.py). Its signing key is drawn from
that secret (SHA-256 of a label and the secret: Ed25519's 32-byte seed), and its public
key travels in every link from the moment it joins. Whatever it signs can be checked by
every other device with that public key alone; nobody else can sign for it.

python-ecdsa is imported on the first use, so that a page which never plays by links
never loads it.
"""
from __future__ import annotations

import base64
import binascii
import functools
import hashlib

KEY_LABEL = b"Little Board Games: signing key, version 1\x00"
"""Put before the secret when the signing key is drawn from it, so that the key serves nothing else."""
KEY_BYTES = 32
KEY_CHARS = 43
SIGNATURE_BYTES = 64
SIGNATURE_CHARS = 86
"""A public key and a signature as base64url without padding."""


def encode(value: bytes) -> str:
    return base64.urlsafe_b64encode(value).rstrip(b"=").decode("ascii")


def decode(text: str, size: int) -> bytes | None:
    """The ``size`` bytes that ``text`` writes in base64url the one way it writes them, or None."""
    try:
        value = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    return value if len(value) == size and encode(value) == text else None


@functools.lru_cache(maxsize=16)
def _signing_key(secret: bytes):
    """The signing key drawn from ``secret`` (kept for the last few: drawing one takes a scalar
    multiplication, and a device signs each of its games with the same secret)."""
    from ecdsa import Ed25519, SigningKey  # noqa: PLC0415  (loaded on first use: see the module's docstring)
    return SigningKey.from_string(hashlib.sha256(KEY_LABEL + secret).digest(), curve=Ed25519)


def public_key(secret: bytes) -> str:
    """The public key of the device whose secret this is (43 characters)."""
    return encode(_signing_key(secret).get_verifying_key().to_string())


def sign(secret: bytes, message: bytes) -> str:
    """The signature of ``message`` by the device whose secret this is (86 characters)."""
    return encode(_signing_key(secret).sign(message))


@functools.lru_cache(maxsize=256)
def verify(key: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` is the signature of ``message`` by the holder of public key ``key``
    (kept for the last few hundred: each link's check meets the same signatures again)."""
    from ecdsa import BadSignatureError, Ed25519, VerifyingKey  # noqa: PLC0415
    from ecdsa.errors import MalformedPointError  # noqa: PLC0415
    key_bytes, signature_bytes = decode(key, KEY_BYTES), decode(signature, SIGNATURE_BYTES)
    if key_bytes is None or signature_bytes is None:
        return False
    try:
        return VerifyingKey.from_string(key_bytes, curve=Ed25519).verify(signature_bytes, message)
    except (BadSignatureError, MalformedPointError, ValueError, AssertionError):
        return False
