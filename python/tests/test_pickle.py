# SPDX-License-Identifier: Apache-2.0
"""Pickling and copying hash and HMAC objects: the library's portable export
(td_ctx_export, td_hmac_ctx_export) of the running state."""

import copy
import hashlib
import hmac as std
import pickle

import pytest

import turbodigest as td
from turbodigest import hmac
from conftest import ALGS, BLOCK


@pytest.mark.parametrize("name", ALGS)
def test_pickle_continues_the_hash(name, rng):
    for n in sorted({0, 1, 55, BLOCK[name] - 1, BLOCK[name], 200, 224, 225, 1000, 5000}):
        data = rng.randbytes(n)
        h = td.new(name, data)
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(h, proto))
            assert type(back) is td.HASH and back.name == h.name
            assert back.digest() == h.digest() == hashlib.new(name, data).digest()
            back.update(b"more")
            assert back.digest() == hashlib.new(name, data + b"more").digest()
        assert copy.deepcopy(h).digest() == h.digest()
        assert copy.copy(h).digest() == h.digest()


@pytest.mark.parametrize("name", ALGS)
def test_pickle_hmac(name, rng):
    key, data = rng.randbytes(40), rng.randbytes(300)
    h = hmac.new(key, data, name)
    back = pickle.loads(pickle.dumps(h))
    assert back.digest() == std.new(key, data, name).digest()
    back.update(b"x")
    assert back.digest() == std.new(key, data + b"x", name).digest()
    assert back.name == h.name and copy.deepcopy(h).digest() == h.digest()


def test_state_is_the_library_format():
    restore, (state,) = td.sha256(b"abc").__reduce__()
    assert state[:4] == b"tdcx" and state[4] == 1 and state[5] == 3     # TD_SHA256
    assert restore(state).digest() == hashlib.sha256(b"abc").digest()
    restore, (state,) = hmac.new(b"k", b"abc", "md5").__reduce__()
    assert state[:4] == b"tdhm" and state[5] == 0                       # TD_MD5


def test_bad_states_refused():
    restore, (state,) = td.sha1(b"abc" * 30).__reduce__()
    bad = [b"", b"tdcx", state[:-1], state + b"\0", bytes([state[0] ^ 1]) + state[1:],
           state[:10] + bytes([state[10] ^ 0x40]) + state[11:]]
    for b in bad:
        with pytest.raises(ValueError):
            restore(b)
    with pytest.raises(TypeError):
        restore("text")
    hrestore, (hstate,) = hmac.new(b"k", b"m", "sha1").__reduce__()
    with pytest.raises(ValueError):
        hrestore(state)                 # a hash's state is no HMAC's
    with pytest.raises(ValueError):
        restore(hstate)
