# SPDX-License-Identifier: Apache-2.0
"""CTest's python_pip: the README's install command on a clean clone.

    git clone ROOT SCRATCH/clone
    python3 -m venv --system-site-packages SCRATCH/venv
    SCRATCH/venv/bin/pip install --no-build-isolation ./python

then the installed module against hashlib. Exit 77 (CTest's skip) where git,
venv, pip, setuptools or wheel is missing, or ROOT is not a git checkout.
It builds what is committed, not the working tree."""

import os
import shutil
import subprocess
import sys

SKIP = 77
SMOKE = r"""
import hashlib, turbodigest, turbodigest.hmac
assert turbodigest.__file__.startswith(sys.argv[1]), turbodigest.__file__
for name in sorted(turbodigest.algorithms_available):
    for n in (0, 3, 64, 1000, 100000):
        data = bytes(range(256)) * (n // 256) + bytes(n % 256)
        if name.startswith("shake_"):
            assert turbodigest.new(name, data).digest(300) == hashlib.new(name, data).digest(300)
        else:
            assert turbodigest.new(name, data).digest() == hashlib.new(name, data).digest()
    if name.startswith("shake_"):
        continue                    # no fixed digest: no hash_many
    msgs = [bytes([i]) * 64 for i in range(100)]
    assert turbodigest.hash_many(name, msgs) == [hashlib.new(name, m).digest() for m in msgs]
assert turbodigest.selftest()
print("pip install ./python: turbodigest", turbodigest.__version__, "from", turbodigest.__file__)
"""


def skip(why):
    print(f"python_pip: skipped: {why}")
    return SKIP


def main(root, scratch):
    if shutil.which("git") is None:
        return skip("git not found")
    if not os.path.isdir(os.path.join(root, ".git")):
        return skip(f"{root} is not a git checkout")
    for module in ("venv", "setuptools", "wheel"):
        if subprocess.run([sys.executable, "-c", f"import {module}"],
                          capture_output=True).returncode != 0:
            return skip(f"Python module {module} not found "
                        "(Debian: python3-venv python3-setuptools python3-wheel)")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    clone, venv = os.path.join(scratch, "clone"), os.path.join(scratch, "venv")
    subprocess.run(["git", "clone", "--quiet", root, clone], check=True)
    if subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv]).returncode != 0:
        return skip("python3 -m venv failed (Debian: python3-venv)")
    python = os.path.join(venv, "bin", "python")
    if subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        return skip("pip not found in the venv (Debian: python3-pip)")
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "./python"],
                   cwd=clone, env=env, check=True)
    subprocess.run([python, "-c", "import sys\n" + SMOKE, venv], cwd=scratch, env=env, check=True)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
