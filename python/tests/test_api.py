# SPDX-License-Identifier: Apache-2.0
"""What editors and help() show: docstrings, signatures, the type stubs
(checked against the module by mypy's stubtest where mypy is installed)."""

import inspect
import os
import pydoc
import subprocess
import sys

import pytest

import turbodigest
from turbodigest import hmac

PACKAGE = os.path.dirname(turbodigest.__file__)


def test_help_shows_the_api():
    text = pydoc.render_doc(turbodigest, renderer=pydoc.plaintext)
    for name in ("sha256", "new", "hash_many", "hash_many_fixed", "hash_files", "file_digest",
                 "hkdf", "backends", "use_backend", "cpu_features", "selftest"):
        assert name in text
        assert getattr(turbodigest, name).__doc__, name
    assert "msg" in str(inspect.signature(hmac.new))
    assert str(inspect.signature(turbodigest.hash_many)) == "(name, buffers)"
    assert str(inspect.signature(turbodigest.sha256)).startswith("(data=b''")
    assert pydoc.render_doc(hmac, renderer=pydoc.plaintext)


def test_stub_files_shipped():
    assert os.path.exists(os.path.join(PACKAGE, "py.typed"))
    assert os.path.exists(os.path.join(PACKAGE, "_turbodigest.pyi"))


def mypy(cwd, *args):
    if subprocess.run([sys.executable, "-m", "mypy", "--version"],
                      capture_output=True).returncode != 0:
        pytest.skip("mypy not found for this Python (Debian: mypy)")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(PACKAGE), MYPYPATH=os.path.dirname(PACKAGE),
               MYPY_CACHE_DIR=os.devnull)
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          env=env, cwd=cwd)


def test_stubs_match_the_module(tmp_path):
    r = mypy(tmp_path, "mypy.stubtest", "turbodigest", "--concise")
    assert r.returncode == 0, r.stdout + r.stderr


def test_stubs_type_check(tmp_path):
    use = tmp_path / "use.py"
    use.write_text(
        "import turbodigest\nfrom turbodigest import hmac\n"
        "d: bytes = turbodigest.sha256(b'x').digest()\n"
        "l: list[bytes] = turbodigest.hash_many('sha256', [b'a', bytearray(b'b')])\n"
        "n: int = hmac.new(b'k', b'm', 'sha256').digest_size\n"
        "turbodigest.sha256('text')\n")
    r = mypy(tmp_path, "mypy", str(use))
    assert r.returncode == 1 and r.stdout.count("error:") == 1 and "use.py:6" in r.stdout, r.stdout
    r = mypy(tmp_path, "mypy", "-p", "turbodigest")
    assert r.returncode == 0, r.stdout
