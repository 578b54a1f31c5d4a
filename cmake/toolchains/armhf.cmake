# SPDX-License-Identifier: Apache-2.0
# 32-bit ARM (armhf: ARMv7, hard float) with Debian's arm-linux-gnueabihf-gcc
# cross compiler. CTest runs the tests under qemu-arm
# (CMAKE_CROSSCOMPILING_EMULATOR), linked statically with the cross
# compiler's own C library: one set of libraries only, whatever else is
# installed (below). QEMU_CPU in the environment picks the CPU model.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
if(NOT DEFINED CMAKE_C_COMPILER) # -DCMAKE_C_COMPILER=clang works too
  set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
endif()
set(CMAKE_C_COMPILER_TARGET arm-linux-gnueabihf) # used by Clang only

# Libraries and headers come from the target's root only, so the build host's
# x86-64 OpenSSL is never picked up; add a multiarch root to
# CMAKE_FIND_ROOT_PATH to use target libraries installed there.
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/arm-linux-gnueabihf/lib/pkgconfig)

# Programs are linked statically, so that under qemu they need no loader and
# no C library of the target at run time and run alike whether or not the
# machine also has multiarch libraries for it (libc6:armhf and the like).
# Linked dynamically, the cross compiler's loader (found through -L) looks
# for libc.so.6 in /lib/arm-linux-gnueabihf first; qemu's -L redirects a path only
# when it exists under the prefix, so with multiarch libraries installed that
# loader takes their libc.so.6, a different build of glibc, and a forked
# child then spins before it reaches exec. -L stays for programs linked
# dynamically all the same.
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(OPENSSL_USE_STATIC_LIBS TRUE) # libcrypto.a, where a target OpenSSL is found

if(NOT DEFINED CMAKE_CROSSCOMPILING_EMULATOR)
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm -L /usr/arm-linux-gnueabihf)
endif()
