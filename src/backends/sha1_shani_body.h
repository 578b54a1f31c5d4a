/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 with the SHA extensions: the schedule step, the state in SHA-NI's
 * order, up to 4 messages with their rounds interleaved for the many path,
 * and 64-byte messages straight to their digests. Shared by sha1_shani.c
 * (SSE encodings, 16 vector registers) and sha1_shani_avx512.c (the same
 * code with AVX-512VL: 32 registers for the streams' words, fewer spills),
 * which call SHA1_SHANI_STREAMS_ENTRY(name) for their 4-message function and
 * SHA1_SHANI_NODES_ENTRY(name) for their 64-byte messages. Its statics and
 * macros start with sha1_shani_ and SHA1_SHANI_.
 */
#ifndef TD_SHA1_SHANI_BODY_H
#define TD_SHA1_SHANI_BODY_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../td_backend.h"

// One 4-word group of the schedule from the four before it (sha1_shani.c
// says how): W[t-16] ^ W[t-14] by MSG1, W[t-8] by the XOR, W[t-3] and the
// rotate by MSG2.
static inline __m128i sha1_shani_expand(__m128i w4, __m128i w3, __m128i w2, __m128i w1)
{
    return _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w4, w3), w2), w1);
}

// ABCD with A in the top dword; E in the top dword of its own register.
static inline void sha1_shani_load_state(const td_sha1_state *state, __m128i *abcd, __m128i *e)
{
    *abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state->h[0]), 0x1b);
    *e = _mm_set_epi32((int)state->h[4], 0, 0, 0);
}

static inline void sha1_shani_store_state(td_sha1_state *state, __m128i abcd, __m128i e)
{
    _mm_storeu_si128((__m128i *)&state->h[0], _mm_shuffle_epi32(abcd, 0x1b));
    state->h[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

// The whole 16 bytes reversed: big-endian words, W[t] in the top dword.
#define SHA1_SHANI_BSWAP _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL)

// ------------------------------------------------------------ many path

// One message takes 20 SHA1RNDS4 a block, each waiting for the one before, and
// a core issues them faster than that latency, so independent messages fill
// the gaps: three streams reach the issue rate (docs/performance-notes.md,
// "Backend forms: figures from the code"). The schedule is MSG1/MSG2
// throughout.

#if defined(__GNUC__)
#define SHA1_SHANI_UNROLL _Pragma("GCC unroll 4")
#else
#define SHA1_SHANI_UNROLL
#endif

#define SHA1_SHANI_STREAMS 4

// Every group of a block, each by the GROUP defined where this is used; then
// the block's input ABCD added back into each stream's.
#define ALL_GROUPS()                                                                \
    GROUP(0)  GROUP(1)  GROUP(2)  GROUP(3)  GROUP(4)  GROUP(5)  GROUP(6)  GROUP(7)  \
    GROUP(8)  GROUP(9)  GROUP(10) GROUP(11) GROUP(12) GROUP(13) GROUP(14) GROUP(15) \
    GROUP(16) GROUP(17) GROUP(18) GROUP(19)
#define FEED_FORWARD()                                                              \
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++)                                \
        abcd[j] = _mm_add_epi32(abcd[j], abcd_in[j]);

// One data block of each of s streams, at src[j] + off, into abcd[j] and
// e[j]. Written for a constant s, each loop over the streams unrolled.
static TD_ALWAYS_INLINE void sha1_shani_data_block(__m128i *abcd, __m128i *e,
                                                   const uint8_t *const *src, size_t off,
                                                   const size_t s)
{
    const __m128i bswap = SHA1_SHANI_BSWAP;
    __m128i abcd_in[SHA1_SHANI_STREAMS], e_in[SHA1_SHANI_STREAMS], e_w[SHA1_SHANI_STREAMS];
    __m128i w[SHA1_SHANI_STREAMS][8];
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++) {
        abcd_in[j] = abcd[j];
        e_in[j] = e[j];
        SHA1_SHANI_UNROLL for (size_t q = 0; q < 4; q++)
            w[j][q] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src[j] + off + 16 * q)),
                                       bswap);
        SHA1_SHANI_UNROLL for (size_t k = 4; k < 7; k++)
            w[j][k] = sha1_shani_expand(w[j][k - 4], w[j][k - 3], w[j][k - 2], w[j][k - 1]);
        // Rounds 0-3 take E plain: its lower dwords are zero.
        e_w[j] = _mm_add_epi32(e[j], w[j][0]);
    }
    // Group g's four rounds in every stream; from the same input ABCD, the
    // next group's E + W; the group three ahead of the schedule. Unrolled
    // by hand: SHA1RNDS4's function number is an immediate.
#define GROUP(g)                                                                        \
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++) {                                  \
        const __m128i in = abcd[j];                                                     \
        abcd[j] = _mm_sha1rnds4_epu32(abcd[j], e_w[j], (g) / 5);                        \
        if ((g) < 19)                                                                   \
            e_w[j] = _mm_sha1nexte_epu32(in, w[j][((g) + 1) & 7]);                      \
        else                                                                            \
            e[j] = _mm_sha1nexte_epu32(in, e_in[j]); /* the next block's E */           \
        if ((g) + 3 >= 7 && (g) + 3 < 20)                                               \
            w[j][((g) + 3) & 7] = sha1_shani_expand(w[j][((g) - 1) & 7], w[j][(g) & 7], \
                                         w[j][((g) + 1) & 7], w[j][((g) + 2) & 7]);     \
    }
    ALL_GROUPS()
#undef GROUP
    FEED_FORWARD()
}

// The shared block of each of s streams, its W from memory, reversed into
// SHA-NI's order: no schedule at all.
static TD_ALWAYS_INLINE void sha1_shani_shared_block(__m128i *abcd, __m128i *e,
                                                     const td_sha1_shared_block *last,
                                                     const size_t s)
{
    __m128i abcd_in[SHA1_SHANI_STREAMS], e_in[SHA1_SHANI_STREAMS], e_w[SHA1_SHANI_STREAMS];
    __m128i w = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&last->w[0]), 0x1b);
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++) {
        abcd_in[j] = abcd[j];
        e_in[j] = e[j];
        e_w[j] = _mm_add_epi32(e[j], w);
    }
#define GROUP(g)                                                                              \
    if ((g) < 19)                                                                             \
        w = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&last->w[4 * (g) + 4]), 0x1b); \
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++) {                                        \
        const __m128i in = abcd[j];                                                           \
        abcd[j] = _mm_sha1rnds4_epu32(abcd[j], e_w[j], (g) / 5);                              \
        if ((g) < 19)                                                                         \
            e_w[j] = _mm_sha1nexte_epu32(in, w);                                              \
        else                                                                                  \
            e[j] = _mm_sha1nexte_epu32(in, e_in[j]);                                          \
    }
    ALL_GROUPS()
#undef GROUP
    FEED_FORWARD()
}

// nblocks blocks of each of s streams, then ntail blocks of the tails, then
// the shared block when last is not NULL.
static TD_ALWAYS_INLINE void sha1_shani_streams(td_sha1_state *const *states,
                                                const uint8_t *const *data, const size_t s,
                                                size_t nblocks, const uint8_t *const *tail,
                                                size_t ntail, const td_sha1_shared_block *last)
{
    __m128i abcd[SHA1_SHANI_STREAMS], e[SHA1_SHANI_STREAMS];
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++)
        sha1_shani_load_state(states[j], &abcd[j], &e[j]);
    for (size_t off = 0; off < 64 * nblocks; off += 64)
        sha1_shani_data_block(abcd, e, data, off, s);
    for (size_t off = 0; off < 64 * ntail; off += 64)
        sha1_shani_data_block(abcd, e, tail, off, s);
    if (last != NULL)
        sha1_shani_shared_block(abcd, e, last, s);
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++)
        sha1_shani_store_state(states[j], abcd[j], e[j]);
}

// ------------------------------------------------------------ nodes
// Messages of one data block each followed by the shared block (64-byte
// messages), from the start state held in registers to digests stored
// straight from them: no states in memory, nothing for the caller to set up
// or turn into digests (docs/performance-notes.md, "64-byte messages to
// digests, the lone message").

// The digest of a stream, big-endian, to out: ABCD's bytes all reversed
// put A first; E is the top dword of its register.
static TD_ALWAYS_INLINE void sha1_shani_store_digest(uint8_t *out, __m128i abcd, __m128i e)
{
    const __m128i bswap = SHA1_SHANI_BSWAP;
    _mm_storeu_si128((__m128i *)(void *)out, _mm_shuffle_epi8(abcd, bswap));
    const uint32_t e_be = (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi8(e, bswap));
    memcpy(out + 16, &e_be, 4);
}

// Messages i .. i + s at ptrs[i + j], or at base + 64 * (i + j) when
// BY_PTRS is 0, to out + 20 * (i + j), all read before any digest is
// written. Each pointer and digest address is worked out apart, s and
// BY_PTRS constants: through a loop over an array of pointers, GCC 12 kept
// the first stream's words in memory (docs/performance-notes.md, "Backend
// forms: figures from the code").
static TD_ALWAYS_INLINE void sha1_shani_node_streams(const void *const *ptrs, const uint8_t *base,
                                                     size_t i, const size_t s,
                                                     const td_sha1_shared_block *last, uint8_t *out,
                                                     const int BY_PTRS)
{
    const uint8_t *src[SHA1_SHANI_STREAMS];
    __m128i abcd[SHA1_SHANI_STREAMS], e[SHA1_SHANI_STREAMS];
    // SHA-1's one start state (FIPS 180-4, 5.3.1) as constants, not taken from
    // memory and held in registers (docs/performance-notes.md, "Backend forms:
    // figures from the code").
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++) {
        src[j] = BY_PTRS ? (const uint8_t *)ptrs[i + j] : base + 64 * (i + j);
        abcd[j] = _mm_set_epi32(0x67452301, (int)0xefcdab89, (int)0x98badcfe, 0x10325476);
        e[j] = _mm_set_epi32((int)0xc3d2e1f0, 0, 0, 0);
    }
    sha1_shani_data_block(abcd, e, src, 0, s);
    sha1_shani_shared_block(abcd, e, last, s);
    SHA1_SHANI_UNROLL for (size_t j = 0; j < s; j++)
        sha1_shani_store_digest(out + 20 * (i + j), abcd[j], e[j]);
}

// n <= 4 messages in lockstep, their digests out after all of them are read
// (20 * i < 64 * i: a level may be hashed in place).
static TD_ALWAYS_INLINE void sha1_shani_nodes(const void *const *ptrs, const uint8_t *base,
                                              size_t n, const td_sha1_shared_block *last,
                                              uint8_t *out, const int BY_PTRS)
{
    switch (n) {
    case 1: sha1_shani_node_streams(ptrs, base, 0, 1, last, out, BY_PTRS); break;
    case 2: sha1_shani_node_streams(ptrs, base, 0, 2, last, out, BY_PTRS); break;
    case 3: sha1_shani_node_streams(ptrs, base, 0, 3, last, out, BY_PTRS); break;
    default: sha1_shani_node_streams(ptrs, base, 0, 4, last, out, BY_PTRS); break;
    }
}

#undef ALL_GROUPS
#undef FEED_FORWARD

// One copy of the streams for each count, so that no stream is spent on a
// message that is not there.
#define SHA1_SHANI_STREAMS_ENTRY(name)                                                    \
    void name(td_sha1_state *const *states, const uint8_t *const *data, size_t n,         \
              size_t nblocks, const uint8_t *const *tail, size_t ntail,                   \
              const td_sha1_shared_block *last)                                           \
    {                                                                                     \
        switch (n) {                                                                      \
        case 1: sha1_shani_streams(states, data, 1, nblocks, tail, ntail, last); break;   \
        case 2: sha1_shani_streams(states, data, 2, nblocks, tail, ntail, last); break;   \
        case 3: sha1_shani_streams(states, data, 3, nblocks, tail, ntail, last); break;   \
        default: sha1_shani_streams(states, data, 4, nblocks, tail, ntail, last); break;  \
        }                                                                                 \
    }

// Up to 4 64-byte messages to their digests (td_sha1_nodes_fn), one copy
// for each source.
#define SHA1_SHANI_NODES_ENTRY(name)                                                      \
    void name(const void *const *ptrs, const uint8_t *base, size_t n,                     \
              const td_sha1_shared_block *last, uint8_t *out)                             \
    {                                                                                     \
        if (ptrs != NULL)                                                                 \
            sha1_shani_nodes(ptrs, NULL, n, last, out, 1);                                \
        else                                                                              \
            sha1_shani_nodes(NULL, base, n, last, out, 0);                                \
    }

#endif // TD_SHA1_SHANI_BODY_H
