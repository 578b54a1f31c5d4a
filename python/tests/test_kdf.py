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
    # SHAKE has no fixed digest: no HMAC under it (hashlib's ValueError too).
    for xof in ("shake_128", "shake_256"):
        with pytest.raises(ValueError, match="unsupported hash type"):
            td.hkdf(xof, b"k", length=32)
        with pytest.raises(ValueError, match="unsupported hash type"):
            td.pbkdf2_hmac(xof, b"p", b"s", 1)
        with pytest.raises(ValueError):
            hashlib.pbkdf2_hmac(xof, b"p", b"s", 1)


@pytest.mark.parametrize("name", ALGS)
def test_pbkdf2_against_hashlib(name, rng):
    size = hashlib.new(name).digest_size
    for iterations in (1, 2, 3, 100, 1000):
        for dklen in (None, 1, size - 1, size, size + 1, 3 * size + 5):
            if dklen is not None and dklen < 1:
                continue
            pw = rng.randbytes(rng.choice([0, 1, 20, 64, 65, 128, 129, 300]))
            salt = rng.randbytes(rng.choice([0, 8, 16, 100]))
            assert td.pbkdf2_hmac(name, pw, salt, iterations, dklen) == \
                hashlib.pbkdf2_hmac(name, pw, salt, iterations, dklen)
    assert td.pbkdf2_hmac(name, bytearray(b"pw"), memoryview(b"salt"), iterations=5,
                          dklen=7) == hashlib.pbkdf2_hmac(name, b"pw", b"salt", 5, 7)


def test_pbkdf2_rfc6070():
    assert td.pbkdf2_hmac("sha1", b"password", b"salt", 4096, 20).hex() == \
        "4b007901b765489abead49d926f721d065a429c1"


PBKDF2_SAME = [
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 0),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", -1),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 2**31),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 2**63),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 1, 0),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 1, -1),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 1, 2**31),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 1, 2**64),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", 1.0),
    lambda m: m.pbkdf2_hmac("sha256", "p", b"s", 1),
    lambda m: m.pbkdf2_hmac("sha256", b"p", "s", 1),
    lambda m: m.pbkdf2_hmac("sha256", b"p", b"s", True).hex(),
    lambda m: m.pbkdf2_hmac(b"sha256", b"p", b"s", 1),
    lambda m: m.pbkdf2_hmac("sha256", memoryview(b"pp")[::2], b"s", 1).hex(),
    lambda m: m.pbkdf2_hmac("sha512_224", b"p", b"s", 1).hex(),
    lambda m: m.pbkdf2_hmac(hash_name="sha1", password=b"p", salt=b"s", iterations=2,
                            dklen=3).hex(),
]


@pytest.mark.parametrize("call", PBKDF2_SAME)
def test_pbkdf2_same_outcome_as_hashlib(call):
    from test_hashlib import outcome
    assert outcome(lambda: call(td)) == outcome(lambda: call(hashlib))


def test_pbkdf2_errors():
    with pytest.raises(ValueError, match="^unsupported hash type foo$"):
        td.pbkdf2_hmac("foo", b"p", b"s", 1)
    with pytest.raises(TypeError):
        td.pbkdf2_hmac("sha256", b"p", b"s")
    with pytest.raises(BufferError):
        td.pbkdf2_hmac("sha256", memoryview(b"pppp")[::2], b"s", 1)
