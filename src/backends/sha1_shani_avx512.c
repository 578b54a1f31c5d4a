/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 on the many path: up to 4 messages with the SHA extensions, their
 * rounds interleaved (shani-avx512-x4), as sha1_shani.c's streams, compiled
 * with AVX-512VL so that the streams' words have 32 vector registers, not 16
 * (docs/performance-notes.md, "The rules of the automatic choice", SHA-1).
 * Needs SHA, SSE4.1, SSSE3,
 * AVX-512F and AVX-512VL; compiled with -msse4.1 -mssse3 -msha -mavx512f
 * -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__SHA__) || !defined(__SSE4_1__) || !defined(__SSSE3__) || \
                          !defined(__AVX512F__) || !defined(__AVX512VL__))
#error "sha1_shani_avx512.c needs -msha -msse4.1 -mssse3 -mavx512f -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha1_shani_body.h"

SHA1_SHANI_STREAMS_ENTRY(td_sha1_blocks_many_shani_avx512_x4)
SHA1_SHANI_NODES_ENTRY(td_sha1_nodes_shani_avx512_x4)
