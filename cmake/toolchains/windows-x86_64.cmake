# SPDX-License-Identifier: Apache-2.0
# x86-64 Windows with Debian's MinGW-w64 cross compiler, POSIX thread model
# (gcc-mingw-w64-x86-64-posix: winpthreads behind tdsum's -j). CTest runs the
# programs under Wine (Debian's wine64, whose loader is /usr/lib/wine/wine64,
# not on PATH) in a private prefix under the build directory, with its
# diagnostics and the Mono and Gecko installers off. scripts/windows-test.sh
# drives it (make test-windows).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
if(NOT DEFINED CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
endif()
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

# Headers and libraries of the target only: the host's OpenSSL is never
# picked up (a Windows libcrypto under this root would be).
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/x86_64-w64-mingw32/lib/pkgconfig)

if(NOT DEFINED CMAKE_CROSSCOMPILING_EMULATOR)
  find_program(TD_WINE NAMES wine64 wine PATHS /usr/lib/wine /usr/lib64/wine NO_CMAKE_FIND_ROOT_PATH)
  if(TD_WINE)
    set(CMAKE_CROSSCOMPILING_EMULATOR env WINEPREFIX=${CMAKE_BINARY_DIR}/wineprefix
        WINEDEBUG=-all WINEDLLOVERRIDES=mscoree,mshtml= ${TD_WINE})
  endif()
endif()
