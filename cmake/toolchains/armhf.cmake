# SPDX-License-Identifier: Apache-2.0
# Cross build for 32-bit ARM (armhf: ARMv7, hard float) with Debian's arm-linux-gnueabihf cross compiler; the tests run under
# qemu-arm through CTest (CMAKE_CROSSCOMPILING_EMULATOR) with the cross
# compiler's own C library (-L), not multiarch libraries: one set only
# (shared/EMULATION.md). Pick the emulated CPU with the QEMU_CPU variable.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)

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
