# SPDX-License-Identifier: Apache-2.0
"""hash_files and file_digest against hashlib."""

import errno
import hashlib
import io
import os
import pathlib

import pytest

import turbodigest as td
from conftest import ALGS
from test_hashlib import outcome

SIZES = [0, 1, 63, 64, 65, 4095, 65535, 65536, 65537, 200_000, 262_144, 300_001, 1_000_000]


@pytest.fixture
def files(tmp_path, rng):
    paths = []
    for i in range(70):
        p = tmp_path / f"f{i}"
        p.write_bytes(rng.randbytes(rng.choice(SIZES)))
        paths.append(p)
    return paths


def want(name, paths):
    out = []
    for p in paths:
        with open(p, "rb") as f:
            out.append(hashlib.file_digest(f, name).digest())
    return out


@pytest.mark.parametrize("name", ALGS)
def test_hash_files(name, files):
    assert td.hash_files(name, files) == want(name, files)


@pytest.mark.parametrize("jobs", [1, 2, 3, 8])
def test_jobs_and_counts(files, jobs):
    for n in (0, 1, 2, 5, 16, 17, 33, 70):
        assert td.hash_files("sha256", files[:n], jobs=jobs) == want("sha256", files[:n])
        assert td.hash_files("md5", files[:n], jobs) == want("md5", files[:n])


def test_path_kinds(files):
    kinds = [str(files[0]), os.fsencode(files[1]), files[2], pathlib.PurePath(files[3])]
    assert td.hash_files("sha1", kinds) == want("sha1", files[:4])
    assert td.hash_files("sha1", iter(kinds)) == want("sha1", files[:4])


def test_errors(files, tmp_path):
    missing = tmp_path / "missing"
    for where in (0, 5, 40):
        paths = list(files)
        paths.insert(where, missing)
        with pytest.raises(FileNotFoundError) as e:
            td.hash_files("sha256", paths)
        assert e.value.filename == missing and e.value.errno == errno.ENOENT
    with pytest.raises(IsADirectoryError) as e:
        td.hash_files("sha256", [files[0], tmp_path])
    assert e.value.filename == tmp_path
    with pytest.raises(TypeError):
        td.hash_files("sha256", [1])
    with pytest.raises(ValueError):
        td.hash_files("sha256", ["a\0b"])
    with pytest.raises(ValueError):
        td.hash_files("sha256", files, jobs=0)
    with pytest.raises(ValueError, match="unsupported hash type"):
        td.hash_files("crc", files)
    with pytest.raises(TypeError):
        td.hash_files("sha256", 3)
    with pytest.raises(TypeError, match="iterable of paths"):
        td.hash_files("sha256", str(files[0]))


def test_file_digest(files, rng):
    for p in files[:20]:
        for name in ("sha256", "md5", "sha512_224"):
            with open(p, "rb") as f, open(p, "rb") as g:
                assert td.file_digest(f, name).digest() == hashlib.file_digest(g, name).digest()
            with open(p, "rb", buffering=0) as f:
                assert td.file_digest(f, td.sha256).digest() == want("sha256", [p])[0]
    data = rng.randbytes(100_000)
    assert td.file_digest(io.BytesIO(data), "sha1").digest() == hashlib.sha1(data).digest()
    h = td.file_digest(io.BytesIO(data), hashlib.sha1)          # any constructor
    assert h.digest() == hashlib.sha1(data).digest()
    with open(files[0], "rb") as f:
        f.read(10)                                              # from where it stands
        with open(files[0], "rb") as g:
            g.read(10)
            assert td.file_digest(f, "md5").digest() == hashlib.file_digest(g, "md5").digest()


def test_file_digest_errors(files):
    with open(files[0], "r") as f, open(files[0], "r") as g:
        assert outcome(lambda: td.file_digest(f, "sha256")) == \
            outcome(lambda: hashlib.file_digest(g, "sha256"))
    assert outcome(lambda: td.file_digest(b"abc", "sha256")) == \
        outcome(lambda: hashlib.file_digest(b"abc", "sha256"))
    with open(files[0], "rb") as f:
        with pytest.raises(ValueError, match="unsupported hash type"):
            td.file_digest(f, "nope")
