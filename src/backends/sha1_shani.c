/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 block function with the x86 SHA extensions (SHA-NI). Needs SHA,
 * SSE4.1 and SSSE3 at run time; compiled with -msse4.1 -mssse3 -msha.
 */
#if defined(__GNUC__) && (!defined(__SHA__) || !defined(__SSE4_1__) || !defined(__SSSE3__))
#error "sha1_shani.c needs -msha -msse4.1 -mssse3"
#endif

#include <immintrin.h>

#include "../td_internal.h"
#include "backends.h"

// The round structure follows Intel's "Intel SHA Extensions" paper (2013):
// ABCD lives in one register (A in the top dword), SHA1RNDS4 does four rounds
// with E + W[t] in the top dword of its second operand and W[t+1..t+3]
// below, and SHA1NEXTE makes the next group's E (A of four rounds back,
// rotated by 30) and adds it to that group's W.
//
// W[t..t+3] from the four groups before it, w0 being W[t-16..t-13]:
// MSG1 gives W[t-16..] ^ W[t-14..], the XOR adds W[t-8..t-5], and MSG2
// adds W[t-3..] (its own first result feeding its last) and rotates.
#define EXPAND(w0, w1, w2, w3) \
    (w0) = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32((w0), (w1)), (w2)), (w3))

// Four rounds of function f on group w; prev is ABCD as it was four rounds
// ago, which gives this group's E.
#define ROUNDS4(f, w)                                     \
    do {                                                  \
        const __m128i e_w = _mm_sha1nexte_epu32(prev, (w)); \
        prev = abcd;                                      \
        abcd = _mm_sha1rnds4_epu32(abcd, e_w, (f));       \
    } while (0)

void td_sha1_blocks_shani(td_sha1_state *state, const uint8_t *data, size_t nblocks)
{
    // The whole 16 bytes reversed: big-endian words, W[t] in the top dword.
    const __m128i bswap = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);

    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state->h[0]), 0x1b);
    __m128i e = _mm_set_epi32((int)state->h[4], 0, 0, 0);

    do {
        const __m128i abcd_in = abcd, e_in = e;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), bswap);

        // Rounds 0-3: E is plain, its lower dwords zero.
        __m128i prev = abcd;
        abcd = _mm_sha1rnds4_epu32(abcd, _mm_add_epi32(e, w0), 0);
        ROUNDS4(0, w1); EXPAND(w0, w1, w2, w3);
        ROUNDS4(0, w2); EXPAND(w1, w2, w3, w0);
        ROUNDS4(0, w3); EXPAND(w2, w3, w0, w1);
        ROUNDS4(0, w0); EXPAND(w3, w0, w1, w2);
        ROUNDS4(1, w1); EXPAND(w0, w1, w2, w3);
        ROUNDS4(1, w2); EXPAND(w1, w2, w3, w0);
        ROUNDS4(1, w3); EXPAND(w2, w3, w0, w1);
        ROUNDS4(1, w0); EXPAND(w3, w0, w1, w2);
        ROUNDS4(1, w1); EXPAND(w0, w1, w2, w3);
        ROUNDS4(2, w2); EXPAND(w1, w2, w3, w0);
        ROUNDS4(2, w3); EXPAND(w2, w3, w0, w1);
        ROUNDS4(2, w0); EXPAND(w3, w0, w1, w2);
        ROUNDS4(2, w1); EXPAND(w0, w1, w2, w3);
        ROUNDS4(2, w2); EXPAND(w1, w2, w3, w0);
        ROUNDS4(3, w3); EXPAND(w2, w3, w0, w1);
        ROUNDS4(3, w0); EXPAND(w3, w0, w1, w2);
        ROUNDS4(3, w1);
        ROUNDS4(3, w2);
        ROUNDS4(3, w3);

        // E of the next block: A of four rounds back, rotated, plus E_in.
        e = _mm_sha1nexte_epu32(prev, e_in);
        abcd = _mm_add_epi32(abcd, abcd_in);
        data += 64;
    } while (--nblocks != 0);

    _mm_storeu_si128((__m128i *)&state->h[0], _mm_shuffle_epi32(abcd, 0x1b));
    state->h[4] = (uint32_t)_mm_extract_epi32(e, 3);
}
