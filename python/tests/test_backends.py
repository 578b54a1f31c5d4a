# SPDX-License-Identifier: Apache-2.0
"""Every backend pinned in turn, on both paths, against hashlib; and the
functions that show and pin them."""

import hashlib

import pytest

import turbodigest as td
from conftest import ALGS, BLOCK


def check_single(name, rng):
    for n in (0, 1, 55, 56, 64, 111, 112, 128, 200, 224, 225, 1000, 5000):
        data = rng.randbytes(n)
        assert td.new(name, data).digest() == hashlib.new(name, data).digest(), n
    h, r = td.new(name), hashlib.new(name)
    for _ in range(20):
        part = rng.randbytes(rng.randrange(0, 3 * BLOCK[name]))
        h.update(part)
        r.update(part)
    assert h.digest() == r.digest()


def check_many(name, rng, tmp_path):
    for n in (1, 2, 3, 4, 5, 8, 9, 15, 16, 17, 32, 33, 64, 100):
        msgs = [rng.randbytes(rng.choice([0, 64, 100, 128, 1000])) for _ in range(n)]
        assert td.hash_many(name, msgs) == [hashlib.new(name, m).digest() for m in msgs]
        fixed = rng.randbytes(64 * n)
        assert td.hash_many_fixed(name, fixed, 64) == b"".join(
            hashlib.new(name, fixed[i:i + 64]).digest() for i in range(0, len(fixed), 64))
    paths = []
    for i in range(20):
        p = tmp_path / f"{name}-{i}"
        p.write_bytes(rng.randbytes(rng.choice([0, 5000, 70_000, 200_000])))
        paths.append(p)
    assert td.hash_files(name, paths, jobs=2) == \
        [hashlib.new(name, p.read_bytes()).digest() for p in paths]


@pytest.mark.parametrize("name", ALGS)
def test_every_backend_pinned(name, rng, tmp_path):
    single, many = td.backends(name), td.backends(name, "many")
    assert "portable" in single and "portable" in many
    try:
        for b in single:
            td.use_backend(name, b, "single")
            assert td.backend(name) == b
            check_single(name, rng)
        td.use_backend(name, None)
        for b in many:
            td.use_backend(name, b, path="many")
            assert td.backend(name, "many") == b
            check_many(name, rng, tmp_path)
    finally:
        td.use_backend(name, None)
    assert td.backend(name) == single[0]


def test_use_backend_both_paths():
    try:
        td.use_backend("sha256", "portable")
        assert td.backend("sha256") == "portable"
        assert td.backend("sha256", "many") == "portable"
        assert td.backend("sha256", "multi") == "portable"
    finally:
        td.use_backend("sha256", None)


def test_errors():
    with pytest.raises(ValueError):
        td.use_backend("sha256", "no-such-backend")
    with pytest.raises(ValueError):
        td.use_backend("sha256", "portable", "sideways")
    with pytest.raises(TypeError):
        td.use_backend("sha256", 3)
    with pytest.raises(ValueError):
        td.use_backend("sha256", "portable\0x")
    with pytest.raises(ValueError, match="unsupported hash type"):
        td.backends("crc32")
    with pytest.raises(TypeError):
        td.backend(5)


def test_info():
    assert td.selftest() is True
    assert isinstance(td.cpu_features(), str)
    assert td.__version__.count(".") == 2
