# SPDX-License-Identifier: Apache-2.0
"""hkdf against RFC 5869's vectors and a reference on the standard hmac."""

import hashlib
import hmac as std

import pytest

import turbodigest as td
from conftest import ALGS


def hkdf_ref(name, ikm, salt, info, length):
    size = hashlib.new(name).digest_size
    prk = std.new(salt or b"\0" * size, ikm, name).digest()
    out, block = b"", b""
    for i in range(1, -(-length // size) + 1):
        block = std.new(prk, block + info + bytes([i]), name).digest()
        out += block
    return out[:length]


def test_rfc5869():
    # Test cases 1 and 3 of RFC 5869 (SHA-256).
    okm = td.hkdf("sha256", bytes.fromhex("0b" * 22), salt=bytes(range(13)),
                  info=bytes(range(0xf0, 0xfa)), length=42)
    assert okm.hex() == ("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                         "34007208d5b887185865")
    okm = td.hkdf("sha256", bytes.fromhex("0b" * 22), length=42)
    assert okm.hex() == ("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
                         "9d201395faa4b61a96c8")


@pytest.mark.parametrize("name", ALGS)
def test_against_reference(name, rng):
    size = hashlib.new(name).digest_size
    for length in (0, 1, size - 1, size, size + 1, 3 * size, 255 * size):
        ikm, salt, info = rng.randbytes(30), rng.randbytes(rng.randrange(0, 200)), rng.randbytes(20)
        assert td.hkdf(name, ikm, salt=salt, info=info, length=length) == \
            hkdf_ref(name, ikm, salt, info, length)
    assert td.hkdf(name, b"k", length=10, salt=None, info=None) == hkdf_ref(name, b"k", b"", b"", 10)
    assert td.hkdf(name, memoryview(b"k"), length=10, salt=bytearray()) == hkdf_ref(name, b"k", b"", b"", 10)


def test_errors():
    with pytest.raises(ValueError):
        td.hkdf("sha256", b"k", length=255 * 32 + 1)
    with pytest.raises(ValueError):
        td.hkdf("sha256", b"k", length=-1)
    with pytest.raises(TypeError):
        td.hkdf("sha256", b"k")                       # length is required
    with pytest.raises(TypeError):
        td.hkdf("sha256", b"k", 32)                   # and keyword-only
    with pytest.raises(TypeError, match="bytes-like"):
        td.hkdf("sha256", "k", length=32)
    with pytest.raises(ValueError, match="unsupported hash type"):
        td.hkdf("sha3_256", b"k", length=32)
