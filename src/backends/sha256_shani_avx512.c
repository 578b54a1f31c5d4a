/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 on the many path: up to 4 messages with the SHA extensions,
 * their rounds interleaved (shani-avx512-x4), their Merkle nodes in
 * lockstep, or a whole level's in pipelined pairs (shani-avx512-x32), as
 * sha256_shani.c's streams, compiled with AVX-512VL so that the streams'
 * words have 32 vector registers, not 16 (docs/performance-notes.md, "a
 * Merkle level's nodes in SHA-NI streams"). Needs SHA, SSE4.1, SSSE3,
 * AVX-512F and AVX-512VL; compiled with -msse4.1 -mssse3 -msha -mavx512f
 * -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__SHA__) || !defined(__SSE4_1__) || !defined(__SSSE3__) || \
                          !defined(__AVX512F__) || !defined(__AVX512VL__))
#error "sha256_shani_avx512.c needs -msha -msse4.1 -mssse3 -mavx512f -mavx512vl"
#endif

#include <immintrin.h>
#include <string.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha2_constants.h"
#include "sha256_shani_body.h"

SHA256_SHANI_STREAMS_ENTRY(td_sha256_blocks_many_shani_avx512_x4)
SHA256_SHANI_NODES_ENTRY(td_sha256_nodes_shani_avx512_x32)
SHA256_SHANI_LOCKSTEP_NODES_ENTRY(td_sha256_nodes_shani_avx512_x4)
