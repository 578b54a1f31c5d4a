# SPDX-License-Identifier: Apache-2.0
"""Builds turbodigest's Python module for pip, from a clone of the repository.

The library itself is built by its own CMake build (cmake/isa_*.cmake
compile each backend file with its own instruction-set flags, behind a
probe), as a static, position-independent library that the module links:

    pip install --no-build-isolation ./python

Set TURBODIGEST_LIMITED_API=1 for one abi3 build for Python 3.11 and later
(the buffer protocol joined the limited API in 3.11); by default the module
is built for this Python's full API, which is faster per call (README).
"""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HEADER = os.path.join(ROOT, "include", "turbodigest.h")
LIMITED = os.environ.get("TURBODIGEST_LIMITED_API", "") not in ("", "0") \
    and sys.version_info >= (3, 11)
SOURCES = ["module.c", "hash.c", "xof.c", "hmac.c", "many.c", "files.c", "kdf.c", "info.c"]


def version():
    with open(HEADER, encoding="utf-8") as f:
        return re.search(r'#define TD_VERSION_STRING "([^"]+)"', f.read()).group(1)


def find_library(build_dir):
    for name in ("libturbodigest.a", "turbodigest_static.lib"):
        for sub in ("", "Release"):
            path = os.path.join(build_dir, sub, name)
            if os.path.exists(path):
                return path
    raise RuntimeError(f"turbodigest: the static library was not built in {build_dir}")


class BuildWithLibrary(build_ext):
    """Builds the static library with CMake, then the module against it."""

    def run(self):
        cmake = os.environ.get("CMAKE") or shutil.which("cmake")
        if cmake is None:
            raise RuntimeError("turbodigest: cmake is needed to build the library "
                               "(Debian: apt-get install cmake)")
        build_dir = os.path.join(os.path.abspath(self.build_temp), "libturbodigest")
        configure = [cmake, "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                     "-DBUILD_TESTING=OFF", "-DTD_BUILD_TOOLS=OFF", "-DTD_PYTHON=OFF"]
        if os.name != "nt":
            configure.append("-DCMAKE_POSITION_INDEPENDENT_CODE=ON")
        subprocess.check_call(configure)
        subprocess.check_call([cmake, "--build", build_dir, "--config", "Release",
                               "--target", "turbodigest", "--parallel", str(os.cpu_count() or 1)])
        library = find_library(build_dir)
        for ext in self.extensions:
            ext.extra_objects.append(library)
        super().run()


if not os.path.exists(HEADER):
    sys.exit("turbodigest: setup.py builds from a clone of the repository: "
             f"{HEADER} not found (pip install ./python from the repository's root)")

macros = [("TD_STATIC_DEFINE", None)]
if LIMITED:
    macros.append(("Py_LIMITED_API", "0x030B0000"))

setup(
    version=version(),
    packages=["turbodigest"],
    package_data={"turbodigest": ["py.typed", "*.pyi"]},
    ext_modules=[Extension(
        "turbodigest._turbodigest",
        sources=[os.path.join("src", s) for s in SOURCES],
        depends=[os.path.join("src", "tdpy.h"), HEADER],
        include_dirs=[os.path.join(ROOT, "include")],
        define_macros=macros,
        libraries=[] if os.name == "nt" else ["pthread"],
        py_limited_api=LIMITED,
    )],
    cmdclass={"build_ext": BuildWithLibrary},
    options={"bdist_wheel": {"py_limited_api": "cp311"}} if LIMITED else {},
)
