# SPDX-License-Identifier: Apache-2.0
"""hash_many and hash_many_fixed against hashlib."""

import array
import hashlib

import pytest

import turbodigest as td
from conftest import ALGS
from test_hashlib import outcome


def want(name, msgs):
    return [hashlib.new(name, m).digest() for m in msgs]


@pytest.mark.parametrize("name", ALGS)
def test_hash_many(name, rng):
    for n in (0, 1, 2, 3, 15, 16, 17, 31, 33, 100, 511, 512, 513, 1500):
        sizes = rng.choice([[64], [0, 1, 55, 56, 64, 127, 128, 129, 300, 4000], [rng.randrange(0, 200)]])
        msgs = [rng.randbytes(rng.choice(sizes)) for _ in range(n)]
        assert td.hash_many(name, msgs) == want(name, msgs)
        assert td.hash_many(name, tuple(msgs)) == want(name, msgs)
        assert td.hash_many(name, (m for m in msgs)) == want(name, msgs)


def test_hash_many_buffer_kinds(rng):
    msgs = [rng.randbytes(70) for _ in range(40)]
    mixed = [bytearray(m) if i % 3 == 0 else memoryview(m) if i % 3 == 1
             else array.array("B", m) for i, m in enumerate(msgs)]
    assert td.hash_many("sha256", mixed) == want("sha256", msgs)
    assert td.hash_many("sha256", iter(mixed)) == want("sha256", msgs)


def test_hash_many_list_changes_while_read():
    # Another thread grows and shrinks the list while hash_many reads it
    # (the GIL is released while each batch is hashed): every digest is of
    # one of its items, none missing in between.
    import threading
    item = b"m" * 64
    lst = [item] * 3000
    stop = threading.Event()

    def mutate():
        while not stop.is_set():
            lst.extend([item] * 700)
            del lst[1500:]
    t = threading.Thread(target=mutate)
    t.start()
    try:
        one = hashlib.sha256(item).digest()
        for _ in range(50):
            got = td.hash_many("sha256", lst)
            assert got and set(got) == {one}
    finally:
        stop.set()
        t.join()


@pytest.mark.parametrize("bad,exc", [
    (["abc"], TypeError), ([b"a", 1], TypeError), ([None], TypeError),
    ([memoryview(b"abcd")[::2]], BufferError),
])
def test_hash_many_bad_items(bad, exc):
    for n_before in (0, 1, 700):
        with pytest.raises(exc):
            td.hash_many("sha256", [b"x"] * n_before + bad)
    with pytest.raises(TypeError, match="Strings must be encoded before hashing"):
        td.hash_many("sha256", ["s"])


def test_hash_many_errors():
    with pytest.raises(TypeError):
        td.hash_many("sha256", 5)
    with pytest.raises(ValueError, match="unsupported hash type nope"):
        td.hash_many("nope", [])
    with pytest.raises(TypeError):
        td.hash_many("sha256")

    def failing():
        yield b"a"
        raise ZeroDivisionError
    with pytest.raises(ZeroDivisionError):
        td.hash_many("sha256", failing())


def test_hash_many_releases_buffers():
    ba = bytearray(b"x" * 100)
    td.hash_many("sha256", [ba] * 600)
    with pytest.raises(TypeError):
        td.hash_many("sha256", [ba] * 600 + ["s"])
    ba.extend(b"y")             # BufferError if a view were still held


@pytest.mark.parametrize("name", ALGS)
def test_hash_many_fixed(name, rng):
    for length in (1, 20, 32, 55, 56, 64, 65, 111, 128, 129, 1000):
        for n in (0, 1, 2, 7, 16, 33, 100):
            data = rng.randbytes(n * length)
            msgs = [data[i * length:(i + 1) * length] for i in range(n)]
            assert td.hash_many_fixed(name, data, length) == b"".join(want(name, msgs))
            assert td.hash_many_fixed(name, bytearray(data), length=length) == \
                b"".join(want(name, msgs))


def test_merkle_level(rng):
    level = rng.randbytes(64 * 1024)
    while len(level) > 32:
        nxt = td.hash_many_fixed("sha256", level, 64)
        assert nxt == b"".join(hashlib.sha256(level[i:i + 64]).digest()
                               for i in range(0, len(level), 64))
        level = nxt


def test_hash_many_fixed_errors():
    for call, exc in [
        (lambda: td.hash_many_fixed("sha256", b"x" * 10, 3), ValueError),
        (lambda: td.hash_many_fixed("sha256", b"x" * 10, 0), ValueError),
        (lambda: td.hash_many_fixed("sha256", b"x" * 10, -5), ValueError),
        (lambda: td.hash_many_fixed("sha256", b"x" * 10, 2.0), TypeError),
        (lambda: td.hash_many_fixed("sha256", "x" * 10, 2), TypeError),
        (lambda: td.hash_many_fixed("sha256", memoryview(b"x" * 10)[::2], 1), BufferError),
        (lambda: td.hash_many_fixed("md4", b"", 1), ValueError),
    ]:
        assert outcome(call)[0] is exc
