/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 with the x86 SHA extensions (SHA-NI): one message, and up to 4
 * messages with their rounds interleaved for the many path (shani-x4), their
 * Merkle nodes in lockstep, or a whole level's in pipelined pairs
 * (shani-x32).
 * Needs SHA, SSE4.1 and SSSE3 at run time; compiled with -msse4.1 -mssse3
 * -msha.
 */
#if defined(__GNUC__) && (!defined(__SHA__) || !defined(__SSE4_1__) || !defined(__SSSE3__))
#error "sha256_shani.c needs -msha -msse4.1 -mssse3"
#endif

#include <immintrin.h>
#include <string.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha2_constants.h"

// The round structure follows Intel's "Intel SHA Extensions" paper (2013):
// SHA256RNDS2 does two rounds on the state split as ABEF and CDGH (A in the
// top dword) with W + K in the low two dwords of its third operand.
//
// Four rounds on the message group w (W[4i..4i+3]): the second pair's
// W + K is the high half moved down.
#define ROUNDS4(i, w)                                                              \
    do {                                                                           \
        const __m128i k4 = _mm_load_si128((const __m128i *)&td_sha256_k[4 * (i)]); \
        __m128i wk = _mm_add_epi32((w), k4);                                       \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);                              \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));     \
    } while (0)

#include "sha256_shani_body.h"

#define EXPAND(w0, w1, w2, w3) ((w0) = sha256_shani_expand((w0), (w1), (w2), (w3)))

void td_sha256_blocks_shani(td_sha256_state *state, const uint8_t *data, size_t nblocks)
{
    const __m128i bswap = SHA256_SHANI_BSWAP;
    // ABEF and CDGH once for the whole run of blocks.
    __m128i abef, cdgh;
    sha256_shani_load_state(state, &abef, &cdgh);

    do {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), bswap);

        // Each group's expansion is written right after the rounds of the
        // group it replaces; out of order, the schedule runs ahead anyway.
        ROUNDS4(0, w0);  EXPAND(w0, w1, w2, w3);
        ROUNDS4(1, w1);  EXPAND(w1, w2, w3, w0);
        ROUNDS4(2, w2);  EXPAND(w2, w3, w0, w1);
        ROUNDS4(3, w3);  EXPAND(w3, w0, w1, w2);
        ROUNDS4(4, w0);  EXPAND(w0, w1, w2, w3);
        ROUNDS4(5, w1);  EXPAND(w1, w2, w3, w0);
        ROUNDS4(6, w2);  EXPAND(w2, w3, w0, w1);
        ROUNDS4(7, w3);  EXPAND(w3, w0, w1, w2);
        ROUNDS4(8, w0);  EXPAND(w0, w1, w2, w3);
        ROUNDS4(9, w1);  EXPAND(w1, w2, w3, w0);
        ROUNDS4(10, w2); EXPAND(w2, w3, w0, w1);
        ROUNDS4(11, w3); EXPAND(w3, w0, w1, w2);
        ROUNDS4(12, w0);
        ROUNDS4(13, w1);
        ROUNDS4(14, w2);
        ROUNDS4(15, w3);

        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
        data += 64;
    } while (--nblocks != 0);

    sha256_shani_store_state(state, abef, cdgh);
}

SHA256_SHANI_STREAMS_ENTRY(td_sha256_blocks_many_shani_x4)
SHA256_SHANI_NODES_ENTRY(td_sha256_nodes_shani_x32)
SHA256_SHANI_LOCKSTEP_NODES_ENTRY(td_sha256_nodes_shani_x4)
