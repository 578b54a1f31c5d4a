# SPDX-License-Identifier: Apache-2.0
"""SHA-3 and SHAKE as hashlib has them: SHAKE objects (digest(length),
hexdigest(length), copy, attributes, errors), new() by name, and SHAKE
refused where a fixed digest is needed (HMAC, KDFs, many messages). The
fixed-output SHA3-224 .. SHA3-512 also run through every test parametrized
by conftest.ALGS (hash objects, HMAC, HKDF, PBKDF2, many, files, pickle)."""

import copy
import hashlib
import hmac as std
import io
import pickle

import pytest

import turbodigest as td
from turbodigest import hmac
from conftest import XOFS, lengths

LENGTHS = [0, 1, 31, 32, 135, 136, 137, 167, 168, 169, 335, 336, 337, 1000, 1024, 4099]


@pytest.mark.parametrize("name", XOFS)
def test_shake_against_hashlib(name, rng):
    for n in lengths(XOFS[name]):
        data = rng.randbytes(n)
        ref = hashlib.new(name, data)
        h = getattr(td, name)(data)
        for out in (0, 1, 32, XOFS[name], XOFS[name] + 1, 1024):
            assert h.digest(out) == ref.digest(out), (n, out)
        assert h.hexdigest(77) == ref.hexdigest(77)
        assert td.new(name, data).digest(length=64) == ref.digest(64)


@pytest.mark.parametrize("name", XOFS)
def test_shake_long_outputs(name, rng):
    data = rng.randbytes(1000)
    ref = hashlib.new(name, data)
    h = td.new(name, data)
    for out in LENGTHS + [100_000, 1 << 20]:
        assert h.digest(out) == ref.digest(out), out
    # Each digest squeezes a copy: asking again, and shorter, gives a prefix.
    long = h.digest(5000)
    assert h.digest(100) == long[:100]
    assert h.hexdigest(5000) == long.hex()


@pytest.mark.parametrize("name", XOFS)
def test_shake_updates_in_pieces(name, rng):
    data = rng.randbytes(3000)
    for cuts in ([], [1], [XOFS[name]], [5, 163, 2048], list(range(0, 3000, 97))):
        h = td.new(name)
        last = 0
        for c in cuts + [len(data)]:
            h.update(data[last:c])
            last = c
        assert h.digest(200) == hashlib.new(name, data).digest(200), cuts
    # Updating after a digest goes on with the message, as hashlib.
    h, ref = td.new(name, b"abc"), hashlib.new(name, b"abc")
    h.digest(10)
    h.update(b"def")
    ref.update(b"def")
    assert h.digest(50) == ref.digest(50)
    h.update(bytearray(b"x" * 5000))
    ref.update(bytearray(b"x" * 5000))
    assert h.digest(50) == ref.digest(50)


@pytest.mark.parametrize("name", XOFS)
def test_shake_attributes(name):
    h, r = td.new(name), hashlib.new(name)
    assert (h.name, h.digest_size, h.block_size) == (r.name, r.digest_size, r.block_size)
    assert getattr(td, name)().name == name
    assert isinstance(h, td.SHAKE)
    assert repr(h).startswith(f"<{name} turbodigest.SHAKE object @ ")
    with pytest.raises(AttributeError):
        h.name = "x"
    with pytest.raises(AttributeError):
        h.foo = 1
    with pytest.raises(TypeError):
        td.SHAKE()


@pytest.mark.parametrize("name", XOFS)
def test_shake_copy(name, rng):
    data = rng.randbytes(500)
    h = td.new(name, data)
    for c in (h.copy(), copy.copy(h), copy.deepcopy(h)):
        assert c is not h
        assert c.digest(100) == h.digest(100)
        c.update(b"more")
        assert c.digest(100) == hashlib.new(name, data + b"more").digest(100)
        assert h.digest(100) == hashlib.new(name, data).digest(100)


@pytest.mark.parametrize("name", XOFS)
def test_shake_errors(name):
    h = td.new(name, b"abc")
    with pytest.raises(TypeError, match=r"digest\(\) missing required argument 'length'"):
        h.digest()
    with pytest.raises(TypeError, match=r"hexdigest\(\) missing required argument 'length'"):
        h.hexdigest()
    with pytest.raises(TypeError):
        h.digest(3, 4)
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        h.digest(1.5)
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        hashlib.new(name).digest(1.5)
    with pytest.raises(OverflowError):
        h.digest(2**63)
    with pytest.raises(OverflowError):
        hashlib.new(name).digest(2**63)
    with pytest.raises(ValueError):
        h.digest(-1)
    with pytest.raises(ValueError):
        h.hexdigest(-1)
    with pytest.raises(TypeError, match="Strings must be encoded before hashing"):
        h.update("x")
    with pytest.raises(TypeError, match="Strings must be encoded before hashing"):
        getattr(td, name)("x")
    with pytest.raises(TypeError, match="buffer API"):
        h.update(1)
    assert h.digest(True) == hashlib.new(name, b"abc").digest(True)
    # Not picklable, as hashlib's.
    with pytest.raises(TypeError, match="pickle"):
        pickle.dumps(h)
    with pytest.raises(TypeError, match="pickle"):
        pickle.dumps(hashlib.new(name))


@pytest.mark.parametrize("name", XOFS)
def test_shake_constructor_arguments(name):
    want = hashlib.new(name, b"abc").digest(16)
    make = getattr(td, name)
    assert make(b"abc").digest(16) == want
    assert make(data=b"abc").digest(16) == want
    assert make(string=b"abc").digest(16) == want
    assert make(b"abc", usedforsecurity=False).digest(16) == want
    assert td.new(name, b"abc").digest(16) == want
    assert td.new(name, data=b"abc").digest(16) == want
    assert td.new(name=name, data=memoryview(b"abc")).digest(16) == want
    with pytest.raises(TypeError, match="mutually exclusive"):
        make(b"a", string=b"b")
    with pytest.raises(TypeError, match="invalid keyword"):
        make(b"a", foo=1)


@pytest.mark.parametrize("name", XOFS)
def test_shake_file_digest(name, rng):
    data = rng.randbytes(300_000)
    assert td.file_digest(io.BytesIO(data), name).digest(64) == \
        hashlib.new(name, data).digest(64)
    assert td.file_digest(io.BytesIO(data), getattr(td, name)).digest(64) == \
        hashlib.new(name, data).digest(64)


@pytest.mark.parametrize("name", XOFS)
def test_shake_refused_where_a_digest_is_fixed(name):
    for call in (lambda: td.hash_many(name, [b"a"]),
                 lambda: td.hash_many_fixed(name, b"ab", 1),
                 lambda: td.hkdf(name, b"k", length=16),
                 lambda: td.pbkdf2_hmac(name, b"p", b"s", 1),
                 lambda: hmac.new(b"k", b"m", name),
                 lambda: hmac.digest(b"k", b"m", name),
                 lambda: hmac.new(b"k", b"m", getattr(td, name))):
        with pytest.raises(ValueError):
            call()
    # hashlib's HMAC refuses it too.
    with pytest.raises(ValueError):
        std.new(b"k", b"m", name)


@pytest.mark.parametrize("name", ["sha3_224", "sha3_256", "sha3_384", "sha3_512"])
def test_sha3_names_and_one_shots(name, rng):
    ref = hashlib.new(name)
    for spelling in (name, name.upper(), name.replace("_", "-"), name.upper().replace("_", "-")):
        h = td.new(spelling)
        assert (h.name, h.digest_size, h.block_size) == (ref.name, ref.digest_size, ref.block_size)
    # The inline one-shot path (short messages, no typed one-shot for SHA-3)
    # and the running one, across the rate.
    for n in (0, 1, 71, 72, 143, 144, 145, 300, 1000):
        data = rng.randbytes(n)
        assert getattr(td, name)(data).digest() == hashlib.new(name, data).digest(), n
        h = getattr(td, name)()
        h.update(data[: n // 2])
        h.update(data[n // 2:])
        assert h.hexdigest() == hashlib.new(name, data).hexdigest(), n
        assert pickle.loads(pickle.dumps(h)).digest() == hashlib.new(name, data).digest()
    # HMAC and the KDFs with SHA-3 against the standard library.
    key = rng.randbytes(200)
    assert hmac.new(key, b"msg", name).digest() == std.new(key, b"msg", name).digest()
    assert hmac.new(key, b"msg", name).name == std.new(key, b"msg", name).name
    assert hmac.new(key, b"msg", name).block_size == std.new(key, b"msg", name).block_size
    assert td.pbkdf2_hmac(name, b"pw", b"salt", 3, 100) == \
        hashlib.pbkdf2_hmac(name, b"pw", b"salt", 3, 100)


@pytest.mark.parametrize("name", XOFS)
def test_shake_shared_between_threads(name):
    # One object updated from several threads at once (chunks past the GIL
    # threshold, so each takes the object's lock): every update whole.
    import threading
    chunk = bytes(range(256)) * 40          # 10240 bytes, all alike
    h = td.new(name)
    copies = []

    def work():
        for _ in range(50):
            h.update(chunk)
            copies.append(h.copy().digest(8))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert h.digest(300) == hashlib.new(name, chunk * 200).digest(300)
    assert len(copies) == 200
