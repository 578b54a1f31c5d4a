# SPDX-License-Identifier: Apache-2.0
# 32-bit x86 with the host's GCC and -m32 (Debian: gcc-12-multilib, which
# coexists with the cross compilers; gcc-multilib does not). The tests run
# natively where the x86-64 kernel runs i686 programs; scripts/cross-test.sh
# passes -DCMAKE_CROSSCOMPILING_EMULATOR=qemu-i386 where it does not.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
if(NOT DEFINED CMAKE_C_COMPILER) # -DCMAKE_C_COMPILER=clang works too
  set(CMAKE_C_COMPILER gcc)
endif()
set(CMAKE_C_FLAGS_INIT -m32)
set(CMAKE_EXE_LINKER_FLAGS_INIT -m32)
set(CMAKE_SHARED_LINKER_FLAGS_INIT -m32)

# Keep the host's 64-bit libraries (OpenSSL among them) out of reach: only
# i386 multiarch libraries (e.g. libssl-dev:i386) would be found.
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64
    /usr/include/x86_64-linux-gnu)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/i386-linux-gnu/pkgconfig)
