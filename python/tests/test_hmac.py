# SPDX-License-Identifier: Apache-2.0
"""turbodigest.hmac against the standard hmac module."""

import copy
import hashlib
import hmac as std

import pytest

import turbodigest
from turbodigest import hmac
from conftest import ALGS, BLOCK
from test_hashlib import outcome


@pytest.mark.parametrize("name", ALGS)
def test_against_hmac(name, rng):
    for _ in range(40):
        key = rng.randbytes(rng.choice([0, 1, 20, BLOCK[name] - 1, BLOCK[name],
                                        BLOCK[name] + 1, 300]))
        msg = rng.randbytes(rng.choice([0, 1, 55, 64, 128, 1000, 5000]))
        want = std.new(key, msg, name)
        h = hmac.new(key, msg, digestmod=name)
        assert h.digest() == want.digest()
        assert h.hexdigest() == want.hexdigest()
        assert hmac.digest(key, msg, name) == want.digest()
        assert (h.name, h.digest_size, h.block_size) == \
            (want.name, want.digest_size, want.block_size)
        # Random splits, forks.
        h = hmac.new(bytearray(key), digestmod=name)
        i = 0
        while i < len(msg):
            step = rng.randrange(0, 3000)
            h.update(msg[i:i + step])
            i += step
            fork = h.copy()
            fork.update(b"x")
        assert h.digest() == want.digest()


@pytest.mark.parametrize("digestmod", [
    "sha256", "SHA256", "sha512_224", hashlib.sha256, turbodigest.sha256,
    hashlib.sha512_256 if hasattr(hashlib, "sha512_256") else "sha512_256",
    turbodigest.sha512_224, lambda: hashlib.new("sha384"),
    "sha3_256", "SHA3-384", hashlib.sha3_224, turbodigest.sha3_512,
    lambda: hashlib.new("sha3_256"),
])
def test_digestmod_kinds(digestmod):
    assert hmac.new(b"key", b"msg", digestmod).digest() == std.new(b"key", b"msg", digestmod).digest()
    assert hmac.digest(b"key", b"msg", digestmod) == std.digest(b"key", b"msg", digestmod)


def test_digestmod_module():
    import types
    Module = types.SimpleNamespace(new=lambda d=b"": hashlib.sha1(d))
    assert hmac.new(b"k", b"m", Module).digest() == std.new(b"k", b"m", Module).digest()
    assert hmac.digest(b"k", b"m", Module) == std.digest(b"k", b"m", Module)


SAME = [
    lambda m: m.new(b"k"),
    lambda m: m.new(b"k", digestmod=None),
    lambda m: m.new(b"k", digestmod=""),
    lambda m: m.new("k", digestmod="sha256"),
    lambda m: m.new(memoryview(b"k"), digestmod="sha256"),
    lambda m: m.new(b"k", "msg", digestmod="sha256"),
    lambda m: m.new(b"k", 1, digestmod="sha256"),
    lambda m: m.new(b"k", memoryview(b"mmm")[::2], "sha256"),
    lambda m: m.new(b"k", b"m", "sha512_224").name,
    lambda m: m.new(b"k", b"m", hashlib.sha256).name,
    lambda m: m.new(b"k", b"m", 5),
    lambda m: m.new(b"k", digestmod="sha256").update("s"),
    lambda m: m.new(b"k", digestmod="sha256").update(memoryview(b"mmm")[::2]),
    lambda m: m.new(b"k", digestmod="sha256").update(msg=b"m"),
    lambda m: m.digest("k", b"m", "sha256"),
    lambda m: m.digest(b"k", "m", "sha256"),
    lambda m: m.digest(memoryview(b"k"), bytearray(b"m"), "sha256").hex(),
    lambda m: m.digest(b"k", b"m", None),
    lambda m: m.digest_size,
    lambda m: m.compare_digest(b"a", b"a"),
    lambda m: m.compare_digest("a", "b"),
    lambda m: m.compare_digest("a", b"a"),
]
SAME_TYPE = [
    lambda m: m.new(b"k", b"m", "foo"),
    lambda m: m.new(b"k", b"m", "sha3_256x"),
    lambda m: m.digest(b"k", b"m", "foo"),
    lambda m: m.new(b"k", digestmod="sha256").update(),
    lambda m: m.new(b"k", b"m", hashlib),
    lambda m: setattr(m.new(b"k", digestmod="sha256"), "name", "x"),
]


@pytest.mark.parametrize("call", SAME)
def test_same_outcome_as_hmac(call):
    assert outcome(lambda: call(hmac)) == outcome(lambda: call(std))


@pytest.mark.parametrize("call", SAME_TYPE)
def test_same_exception_type_as_hmac(call):
    got, want = outcome(lambda: call(hmac)), outcome(lambda: call(std))
    assert got[0] is want[0] and got[0] != "ok", (got, want)


def test_unknown_name_message():
    with pytest.raises(ValueError, match="^unsupported hash type foo$"):
        hmac.new(b"k", digestmod="foo")


def test_copy_module():
    h = hmac.new(b"key", b"abc", "sha256")
    for c in (copy.copy(h), copy.deepcopy(h), h.copy()):
        assert c.digest() == h.digest() and c is not h
    assert isinstance(h, hmac.HMAC)
    assert hmac.HMAC(b"key", b"abc", "sha256").digest() == h.digest()
    assert hmac.HMAC.__doc__ and hmac.new.__doc__ and hmac.digest.__doc__
