# SPDX-License-Identifier: Apache-2.0
# AArch64 (little-endian) with Debian's aarch64-linux-gnu-gcc cross compiler.
# CTest runs the tests under qemu-aarch64 (CMAKE_CROSSCOMPILING_EMULATOR),
# linked statically with the cross compiler's own C library: one set of
# libraries only, whatever else is installed (below). QEMU_CPU in the
# environment picks the CPU model.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
if(NOT DEFINED CMAKE_C_COMPILER) # -DCMAKE_C_COMPILER=clang works too
  set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
endif()
set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu) # used by Clang only

# Libraries and headers come from the target's root only, so the build host's
# x86-64 OpenSSL is never picked up; add a multiarch root to
# CMAKE_FIND_ROOT_PATH to use target libraries installed there.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/aarch64-linux-gnu/lib/pkgconfig)

# Programs are linked statically, so that under qemu they need no loader and
# no C library of the target at run time and run alike whether or not the
# machine also has multiarch libraries for it (libc6:arm64 and the like).
# Linked dynamically, the cross compiler's loader (found through -L) looks
# for libc.so.6 in /lib/aarch64-linux-gnu first; qemu's -L redirects a path only
# when it exists under the prefix, so with multiarch libraries installed that
# loader takes their libc.so.6, a different build of glibc, and a forked
# child then spins before it reaches exec. -L stays for programs linked
# dynamically all the same.
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(OPENSSL_USE_STATIC_LIBS TRUE) # libcrypto.a, where a target OpenSSL is found

if(NOT DEFINED CMAKE_CROSSCOMPILING_EMULATOR)
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
endif()
