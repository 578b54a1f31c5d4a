# SPDX-License-Identifier: Apache-2.0
# AArch64 Windows, compile check only: Clang with --target=aarch64-w64-mingw32
# and the architecture-neutral MinGW-w64 headers of Debian's mingw-w64-common
# (/usr/share/mingw-w64/include). Debian has no AArch64 MinGW-w64 C runtime
# or import libraries, so nothing links: CMake's own compiler checks build
# static libraries, and scripts/windows-test.sh builds the library's objects
# (the ARMv8 backends and cpu_arm.c's IsProcessorFeaturePresent probe).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR ARM64)
if(NOT DEFINED CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER clang)
endif()
set(CMAKE_C_COMPILER_TARGET aarch64-w64-mingw32)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(TD_MINGW_HEADERS /usr/share/mingw-w64/include CACHE PATH "MinGW-w64 headers for the target")
set(CMAKE_C_FLAGS_INIT "-isystem ${TD_MINGW_HEADERS}")

set(CMAKE_FIND_ROOT_PATH ${TD_MINGW_HEADERS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
