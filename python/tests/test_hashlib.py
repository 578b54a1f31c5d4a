# SPDX-License-Identifier: Apache-2.0
"""hashlib's shape: constructors, new(), hash objects and their errors,
against hashlib itself on random data."""

import array
import copy
import hashlib
import mmap

import pytest

import turbodigest as td
from conftest import ALGS, BLOCK, XOFS, lengths, ref


def outcome(fn):
    """What a call gives: ('ok', value) or (exception type, message)."""
    try:
        return ("ok", fn())
    except Exception as e:  # noqa: BLE001 - any exception is the outcome
        return (type(e), str(e))


@pytest.mark.parametrize("name", ALGS)
def test_every_length(name, rng):
    ctor = getattr(td, name)
    for n in lengths(BLOCK[name]):
        data = rng.randbytes(n)
        want = ref(name, data)
        assert ctor(data).digest() == want.digest(), n
        assert td.new(name, data).hexdigest() == want.hexdigest(), n


@pytest.mark.parametrize("name", ALGS)
def test_random_splits(name, rng):
    for _ in range(60):
        data = rng.randbytes(rng.choice([0, 1, 63, 64, 65, 200, 224, 300, 3000, 70_000]))
        h = td.new(name)
        want = ref(name)
        i = 0
        while i < len(data):
            step = rng.choice([0, 1, 2, 7, 64, 100, 128, 223, 1000, 2048, 5000])
            h.update(data[i:i + step])
            want.update(data[i:i + step])
            i += step
            if rng.random() < 0.2:      # digests on the way, forks
                assert h.digest() == want.digest()
                fork, fork_want = h.copy(), want.copy()
                fork.update(b"fork")
                fork_want.update(b"fork")
                assert fork.digest() == fork_want.digest()
        assert h.digest() == want.digest()
        assert h.hexdigest() == want.hexdigest()


@pytest.mark.parametrize("name", ALGS)
def test_copy_is_independent(name, rng):
    for prefix in (0, 10, 224, 225, 1000):
        a = td.new(name, rng.randbytes(prefix))
        b = a.copy()
        c = copy.copy(a)
        d = copy.deepcopy(a)
        a.update(b"x" * 300)
        b.update(b"y")
        assert a.digest() != b.digest()
        assert c.digest() == d.digest()
        ra = ref(name, b"")
        assert isinstance(c, td.HASH) and c.name == ra.name


@pytest.mark.parametrize("name", ALGS)
def test_attributes(name):
    h, r = td.new(name), ref(name)
    assert (h.name, h.digest_size, h.block_size) == (r.name, r.digest_size, r.block_size)
    assert getattr(td, name)().name == r.name
    assert repr(h).startswith(f"<{r.name} turbodigest.HASH object @ ")
    with pytest.raises(AttributeError):
        h.name = "x"
    with pytest.raises(AttributeError):
        h.foo = 1


def test_sets_and_names():
    assert td.algorithms_available == set(ALGS) | set(XOFS)
    assert td.algorithms_guaranteed == set(ALGS) | set(XOFS)
    for name in list(ALGS) + list(XOFS):
        assert name in hashlib.algorithms_available
    for name in list(XOFS) + [a for a in ALGS if a.startswith("sha3_")]:
        assert name in hashlib.algorithms_guaranteed
    # hashlib's spellings of new() that reach these algorithms, and its names.
    for spelling in ["SHA256", "sha-256", "SHA2-256", "sha512_224", "SHA512_224",
                     "sha512-224", "SHA512-256", "MD5", "sha1", "SHA-1",
                     "sha3_256", "SHA3-256", "sha3-512", "shake_128", "SHAKE256"]:
        assert td.new(spelling).name == hashlib.new(spelling).name, spelling


@pytest.mark.parametrize("make", [
    bytearray, memoryview, lambda b: array.array("B", b),
    lambda b: memoryview(bytearray(b)).cast("B"),
    lambda b: array.array("I", b[: len(b) // 4 * 4]),
])
def test_buffer_kinds(make, rng):
    for n in (0, 3, 64, 300, 5000):
        obj = make(rng.randbytes(n))
        for name in ("md5", "sha256", "sha512"):
            assert td.new(name, obj).digest() == ref(name, obj).digest()
            h = td.new(name)
            h.update(obj)
            assert h.digest() == ref(name, obj).digest()


def test_mmap(tmp_path, rng):
    path = tmp_path / "m"
    data = rng.randbytes(10_000)
    path.write_bytes(data)
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        assert td.sha256(m).digest() == hashlib.sha256(data).digest()


def test_numpy(rng):
    np = pytest.importorskip("numpy")
    a = np.frombuffer(rng.randbytes(4096), dtype=np.uint32).reshape(32, 32)
    for obj in (a, a[3], np.ascontiguousarray(a.T)):
        assert td.sha256(obj).digest() == hashlib.sha256(obj).digest()
    for obj in (a[:, :5], a[::2], a.T):         # not C-contiguous
        assert outcome(lambda: td.sha256(obj)) == outcome(lambda: hashlib.sha256(obj))
        h = td.sha256()
        assert outcome(lambda: h.update(obj)) == outcome(lambda: hashlib.sha256().update(obj))


# Calls whose outcome, result or exception with its message, must be
# hashlib's. Argument errors name the function, so those compare types only.
SAME = [
    lambda m: m.sha256("abc"),
    lambda m: m.sha256(1),
    lambda m: m.sha256(None),
    lambda m: m.sha256(memoryview(b"abcd")[::2]),
    lambda m: m.sha256(b"a", usedforsecurity=False).hexdigest(),
    lambda m: m.sha256(string=b"abc").hexdigest(),
    lambda m: m.new("foo"),
    lambda m: m.new("sha3_256x"),
    lambda m: m.new(b"sha256"),
    lambda m: m.new(None),
    lambda m: m.new("sha256", "abc"),
    lambda m: m.new("sha256", b"abc").hexdigest(),
    lambda m: m.new("sha256", data=b"abc").hexdigest(),
    lambda m: m.new(name="sha512_224").name,
    lambda m: m.new("sha256", b"x", usedforsecurity=False).hexdigest(),
    lambda m: m.sha256().update("a"),
    lambda m: m.sha256().update(1),
    lambda m: m.sha256().update(memoryview(b"abcd")[::2]),
    lambda m: m.sha256().update(b"a"),
]
SAME_TYPE = [
    lambda m: m.sha256(b"a", b"b"),
    lambda m: m.sha256(b"a", foo=1),
    lambda m: m.sha256().update(),
    lambda m: m.sha256().update(b"a", b"b"),
    lambda m: m.sha256().update(obj=b"a"),
    lambda m: m.sha256().digest(1),
    lambda m: m.sha256().hexdigest(1),
    lambda m: m.sha256().copy(1),
    lambda m: m.new(),
    lambda m: m.new("sha256", b"", b""),
    lambda m: type(m.sha256())(),
]


@pytest.mark.parametrize("call", SAME)
def test_same_outcome_as_hashlib(call):
    assert outcome(lambda: call(td)) == outcome(lambda: call(hashlib))


@pytest.mark.parametrize("call", SAME_TYPE)
def test_same_exception_type_as_hashlib(call):
    got, want = outcome(lambda: call(td)), outcome(lambda: call(hashlib))
    assert got[0] is want[0] and got[0] is not None and got[0] != "ok", (got, want)


def test_data_and_string_exclusive():
    with pytest.raises(TypeError):
        td.sha256(b"a", string=b"b")
    with pytest.raises(TypeError):
        td.new("sha256", data=b"a", string=b"b")
    assert td.sha256(data=b"abc").digest() == hashlib.sha256(b"abc").digest()
    assert td.sha256(string=None).digest() == hashlib.sha256().digest()


def test_usedforsecurity_truth_errors():
    class Bad:
        def __bool__(self):
            raise ZeroDivisionError
    with pytest.raises(ZeroDivisionError):
        td.sha256(b"", usedforsecurity=Bad())


def test_bytearray_not_left_exported():
    ba = bytearray(b"x" * 5000)
    td.sha256(ba)
    h = td.sha256()
    h.update(ba)
    ba.extend(b"more")          # BufferError if a view were still held
    with pytest.raises(TypeError):
        td.sha256().update("s")
    ba.extend(b"more")


def test_docstrings():
    for name in ALGS + ["new"]:
        assert getattr(td, name).__doc__
        assert getattr(td, name).__text_signature__
    for meth in ("update", "digest", "hexdigest", "copy"):
        assert getattr(td.HASH, meth).__doc__
    assert td.__doc__ and td.HASH.__doc__
