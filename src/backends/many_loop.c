// SPDX-License-Identifier: Apache-2.0
// Many-path backends that take one message after another through a
// single-stream backend: for CPUs and families without a lanes backend, and
// for counts of messages too small to fill one, so that td_hash_many is never
// slower than a loop of td_hash. The shared last block is read as bytes.
// Compiled at the baseline: they only call the single-stream functions.

#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "many_loop.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include "../td_internal.h"
#include "backends.h"

#define TD_DEFINE_MANY_LOOP(family, isa)                                               \
    void td_##family##_blocks_many_##isa(td_##family##_state *const *states,           \
                                         const uint8_t *const *data, size_t n,         \
                                         size_t nblocks,                               \
                                         const td_##family##_shared_block *last)       \
    {                                                                                  \
        for (size_t i = 0; i < n; i++) {                                               \
            if (nblocks != 0)                                                          \
                td_##family##_blocks_##isa(states[i], data[i], nblocks);               \
            if (last != NULL)                                                          \
                td_##family##_blocks_##isa(states[i], last->bytes, 1);                 \
        }                                                                              \
    }

TD_DEFINE_MANY_LOOP(md5, portable)
TD_DEFINE_MANY_LOOP(sha1, portable)
TD_DEFINE_MANY_LOOP(sha256, portable)
TD_DEFINE_MANY_LOOP(sha512, portable)

#if TD_HAVE_MD5_AVX512
TD_DEFINE_MANY_LOOP(md5, avx512)
#endif
#if TD_HAVE_SHA_NI
TD_DEFINE_MANY_LOOP(sha1, shani)
TD_DEFINE_MANY_LOOP(sha1, shani_msg)
TD_DEFINE_MANY_LOOP(sha256, shani)
#endif
#if TD_HAVE_SHA1_AVX2
TD_DEFINE_MANY_LOOP(sha1, avx2)
#endif
#if TD_HAVE_SHA256_AVX2
TD_DEFINE_MANY_LOOP(sha256, avx2)
#endif
#if TD_HAVE_SHA512_AVX512
TD_DEFINE_MANY_LOOP(sha512, avx512)
TD_DEFINE_MANY_LOOP(sha512, avx512_scalar)
#endif
#if TD_HAVE_SHA512_AVX2
TD_DEFINE_MANY_LOOP(sha512, avx2)
#endif
#if TD_HAVE_ARMV8
TD_DEFINE_MANY_LOOP(sha1, armv8)
TD_DEFINE_MANY_LOOP(sha256, armv8)
#endif
#if TD_HAVE_ARMV8_SHA512
TD_DEFINE_MANY_LOOP(sha512, armv8_sha512)
#endif
