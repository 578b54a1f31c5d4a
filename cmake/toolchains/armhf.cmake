# SPDX-License-Identifier: Apache-2.0
# 32-bit ARM (armhf: ARMv7, hard float) with Debian's arm-linux-gnueabihf-gcc
# cross compiler. CTest runs the tests under qemu-arm
# (CMAKE_CROSSCOMPILING_EMULATOR) with the cross compiler's own C library
# (-L), not multiarch libraries: one set only (shared/EMULATION.md). QEMU_CPU
# in the environment picks the CPU model.
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

if(NOT DEFINED CMAKE_CROSSCOMPILING_EMULATOR)
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm -L /usr/arm-linux-gnueabihf)
endif()
