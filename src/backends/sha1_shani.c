/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 with the x86 SHA extensions (SHA-NI): one message, and up to 4
 * messages with their rounds interleaved for the many path. Needs SHA,
 * SSE4.1 and SSSE3 at run time; compiled with -msse4.1 -mssse3 -msha.
 */
#if defined(__GNUC__) && (!defined(__SHA__) || !defined(__SSE4_1__) || !defined(__SSSE3__))
#error "sha1_shani.c needs -msha -msse4.1 -mssse3"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha1_shani_body.h"

// The round structure follows Intel's "Intel SHA Extensions" paper (2013):
// ABCD lives in one register (A in the top dword), SHA1RNDS4 does four rounds
// with E + W[t] in the top dword of its second operand and W[t+1..t+3]
// below, and SHA1NEXTE makes the next group's E (A of four rounds back,
// rotated by 30) and adds it to that group's W.
//
// The schedule, one 4-word group w[k] = W[4k..4k+3] at a time (W[4k] in the
// top dword), in a window of eight groups. MSG1 gives W[t-16] ^ W[t-14], the
// XOR adds W[t-8], MSG2 adds W[t-3] (its own first result feeding its last)
// and rotates. Two forms, each the faster on some cores (figures in
// docs/performance-notes.md):
//  - mixed: MSG1/MSG2 for groups 4-7, then the equivalent recurrence
//    W[t] = (W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32]) <<< 2 for t >= 32
//    (M. Locktyukhin, Intel, 2010) on the plain vector ALUs, beside the SHA
//    unit; W[t-6..t-3] is the low half of group k-2 above the high half of
//    group k-1;
//  - MSG1/MSG2 throughout, where vector operations are slow (the
//    recurrence's four in a row then make a chain per group longer than the
//    rounds') or SHA1MSG1/2 are fast.
#define W(k) w[(k) & 7]
#define EXPAND(k)                                                                         \
    do {                                                                                  \
        if ((k) < 8 || !late_recurrence) {                                                \
            W(k) = sha1_shani_expand(W((k) - 4), W((k) - 3), W((k) - 2), W((k) - 1));     \
        } else {                                                                          \
            __m128i x = _mm_xor_si128(_mm_xor_si128(W((k) - 4), W((k) - 7)), W((k) - 8)); \
            x = _mm_xor_si128(x, _mm_alignr_epi8(W((k) - 2), W((k) - 1), 8));             \
            W(k) = _mm_or_si128(_mm_slli_epi32(x, 2), _mm_srli_epi32(x, 30));             \
        }                                                                                 \
    } while (0)

// Four rounds on group g (function g / 5); then, from the same input ABCD, the
// next group's E + W (SHA1NEXTE takes E as A of four rounds back, rotated), so
// that it is ready when those rounds end; then the expansion of the group
// three ahead (groups 4-6 are expanded before round 0), the distance that
// measured fastest (the notes' "SHA-1, SHA-NI"). After group 19, prev keeps
// the input ABCD for the next block's E.
#define ROUNDS4(g)                                                  \
    do {                                                            \
        const __m128i in = abcd;                                    \
        abcd = _mm_sha1rnds4_epu32(abcd, e_w, (g) / 5);             \
        if ((g) < 19)                                               \
            e_w = _mm_sha1nexte_epu32(in, W((g) + 1));              \
        else                                                        \
            prev = in;                                              \
        if ((g) + 3 >= 7 && (g) + 3 < 20)                           \
            EXPAND((g) + 3);                                        \
    } while (0)

static TD_ALWAYS_INLINE void sha1_shani_blocks(td_sha1_state *state, const uint8_t *data,
                                               size_t nblocks, const int late_recurrence)
{
    const __m128i bswap = SHA1_SHANI_BSWAP;
    __m128i abcd, e;
    sha1_shani_load_state(state, &abcd, &e);

    do {
        const __m128i abcd_in = abcd, e_in = e;
        __m128i w[8], prev;
        w[0] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), bswap);
        w[1] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), bswap);
        w[2] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), bswap);
        w[3] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), bswap);
        w[4] = w[5] = w[6] = w[7] = _mm_setzero_si128(); // never read before written

        // Rounds 0-3 take E plain: its lower dwords are zero.
        __m128i e_w = _mm_add_epi32(e, w[0]);
        EXPAND(4); EXPAND(5); EXPAND(6);
        ROUNDS4(0);  ROUNDS4(1);  ROUNDS4(2);  ROUNDS4(3);  ROUNDS4(4);
        ROUNDS4(5);  ROUNDS4(6);  ROUNDS4(7);  ROUNDS4(8);  ROUNDS4(9);
        ROUNDS4(10); ROUNDS4(11); ROUNDS4(12); ROUNDS4(13); ROUNDS4(14);
        ROUNDS4(15); ROUNDS4(16); ROUNDS4(17); ROUNDS4(18); ROUNDS4(19);

        // E of the next block: A of four rounds back, rotated, plus E_in.
        e = _mm_sha1nexte_epu32(prev, e_in);
        abcd = _mm_add_epi32(abcd, abcd_in);
        data += 64;
    } while (--nblocks != 0);

    sha1_shani_store_state(state, abcd, e);
}

// The mixed schedule, for cores whose vector ALUs are fast.
void td_sha1_blocks_shani(td_sha1_state *state, const uint8_t *data, size_t nblocks)
{
    sha1_shani_blocks(state, data, nblocks, 1);
}

// MSG1/MSG2 throughout.
void td_sha1_blocks_shani_msg(td_sha1_state *state, const uint8_t *data, size_t nblocks)
{
    sha1_shani_blocks(state, data, nblocks, 0);
}

// ------------------------------------------------------------ many path

SHA1_SHANI_STREAMS_ENTRY(td_sha1_blocks_many_shani_x4)
SHA1_SHANI_NODES_ENTRY(td_sha1_nodes_shani_x4)
