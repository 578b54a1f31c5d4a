/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 with the SHA extensions: the message schedule step, the state
 * in ABEF/CDGH form, up to 4 messages with their rounds interleaved, and a
 * Merkle level's nodes straight to their digests, in lockstep or in two
 * pairs of streams half a node apart. Shared by sha256_shani.c (SSE
 * encodings, 16 vector registers) and sha256_shani_avx512.c (the same code
 * with AVX-512VL: 32 registers for the streams' words, fewer spills), which
 * call SHA256_SHANI_STREAMS_ENTRY(name) for their 4-message function, and
 * SHA256_SHANI_NODES_ENTRY(name) (a level in pipelined pairs) and
 * SHA256_SHANI_LOCKSTEP_NODES_ENTRY(name) (up to 4 in lockstep) for their
 * Merkle nodes. Its statics and macros start with sha256_shani_
 * and SHA256_SHANI_.
 */
#ifndef TD_SHA256_SHANI_BODY_H
#define TD_SHA256_SHANI_BODY_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../td_backend.h"
#include "sha2_constants.h"

// W[t..t+3] from the four groups before it, where w0 is W[t-16..t-13]:
// MSG1 adds sigma0(W[t-15..t-12]), ALIGNR picks W[t-7..t-4] out of the
// two groups before, and MSG2 adds sigma1 of W[t-2..t+1] (its own first
// two results feed its last two).
static inline __m128i sha256_shani_expand(__m128i w0, __m128i w1, __m128i w2, __m128i w3)
{
    return _mm_sha256msg2_epu32(
        _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4)), w3);
}

// h[0..7] = a..h to ABEF and CDGH.
static inline void sha256_shani_load_state(const td_sha256_state *state, __m128i *abef,
                                           __m128i *cdgh)
{
    __m128i t0 = _mm_loadu_si128((const __m128i *)&state->h[0]); // d c b a (high to low)
    __m128i t1 = _mm_loadu_si128((const __m128i *)&state->h[4]); // h g f e
    t0 = _mm_shuffle_epi32(t0, 0xb1);                             // c d a b
    t1 = _mm_shuffle_epi32(t1, 0x1b);                             // e f g h
    *abef = _mm_alignr_epi8(t0, t1, 8);                           // a b e f
    *cdgh = _mm_blend_epi16(t1, t0, 0xf0);                        // c d g h
}

static inline void sha256_shani_store_state(td_sha256_state *state, __m128i abef, __m128i cdgh)
{
    const __m128i t0 = _mm_shuffle_epi32(abef, 0x1b);             // f e b a
    const __m128i t1 = _mm_shuffle_epi32(cdgh, 0xb1);             // d c h g
    _mm_storeu_si128((__m128i *)&state->h[0], _mm_blend_epi16(t0, t1, 0xf0)); // d c b a
    _mm_storeu_si128((__m128i *)&state->h[4], _mm_alignr_epi8(t1, t0, 8));    // h g f e
}

// Big-endian words within each dword, W[t] in the low dword.
#define SHA256_SHANI_BSWAP _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL)

// Group i's four rounds of a message's own block, its words w[i & 3] plus
// k4 = K[4i..4i+3]; then its group i + 4 in place of group i.
static TD_ALWAYS_INLINE void sha256_shani_data_group(__m128i *abef, __m128i *cdgh, __m128i w[4],
                                                     const int i, const __m128i k4)
{
    const __m128i wk = _mm_add_epi32(w[i & 3], k4);
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(wk, 0x0e));
    if (i < 12)
        w[i & 3] = sha256_shani_expand(w[i & 3], w[(i + 1) & 3], w[(i + 2) & 3], w[(i + 3) & 3]);
}

// Four rounds of the shared block: its W + K for them, and the upper two
// moved down.
static TD_ALWAYS_INLINE void sha256_shani_shared_group(__m128i *abef, __m128i *cdgh,
                                                       const __m128i wk, const __m128i wk_high)
{
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, wk_high);
}
#define SHARED_WK(i) _mm_loadu_si128((const __m128i *)&last->wk[4 * (i)])
#define K4(i) _mm_load_si128((const __m128i *)&td_sha256_k[4 * (i)])

// ------------------------------------------------------------ many path

// One message takes 32 SHA256RNDS2 a block, each waiting for the one before,
// and a core issues them faster than that latency, so independent messages
// fill the gaps; four leave room for the message schedule beside them
// (docs/performance-notes.md, "Backend forms: figures from the code").

#if defined(__GNUC__)
#define SHA256_SHANI_UNROLL _Pragma("GCC unroll 4")
#else
#define SHA256_SHANI_UNROLL
#endif

#define SHA256_SHANI_STREAMS 4

// Every group of a block, each by the GROUP defined where this is used; then
// the block's input state added back into each stream's.
#define ALL_GROUPS()                                                               \
    GROUP(0)  GROUP(1)  GROUP(2)  GROUP(3)  GROUP(4)  GROUP(5)  GROUP(6)  GROUP(7) \
    GROUP(8)  GROUP(9)  GROUP(10) GROUP(11) GROUP(12) GROUP(13) GROUP(14) GROUP(15)
#define FEED_FORWARD()                                                             \
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++) {                           \
        abef[j] = _mm_add_epi32(abef[j], abef_in[j]);                              \
        cdgh[j] = _mm_add_epi32(cdgh[j], cdgh_in[j]);                              \
    }

// One data block of each of s streams, at src[j] + off, into abef[j] and
// cdgh[j]. Written for a constant s, each loop over the streams unrolled.
static TD_ALWAYS_INLINE void sha256_shani_data_block(__m128i *abef, __m128i *cdgh,
                                                     const uint8_t *const *src, size_t off,
                                                     const size_t s)
{
    const __m128i bswap = SHA256_SHANI_BSWAP;
    __m128i abef_in[SHA256_SHANI_STREAMS], cdgh_in[SHA256_SHANI_STREAMS];
    __m128i w[SHA256_SHANI_STREAMS][4];
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++) {
        abef_in[j] = abef[j];
        cdgh_in[j] = cdgh[j];
        SHA256_SHANI_UNROLL for (size_t q = 0; q < 4; q++)
            w[j][q] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src[j] + off + 16 * q)),
                                       bswap);
    }
    // Group i's four rounds in every stream, then each stream's group i + 4
    // in place of group i. Unrolled by hand: GCC 12 keeps a loop over the
    // groups, and the arrays in memory.
#define GROUP(i)                                                                        \
    {                                                                                   \
        const __m128i k4 = K4(i);                                                       \
        SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++)                              \
            sha256_shani_data_group(&abef[j], &cdgh[j], w[j], (i), k4);                 \
    }
    ALL_GROUPS()
#undef GROUP
    FEED_FORWARD()
}

// The shared block of each of s streams, W + K from memory: no schedule at
// all.
static TD_ALWAYS_INLINE void sha256_shani_shared_block(__m128i *abef, __m128i *cdgh,
                                                       const td_sha256_shared_block *last,
                                                       const size_t s)
{
    __m128i abef_in[SHA256_SHANI_STREAMS], cdgh_in[SHA256_SHANI_STREAMS];
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++) {
        abef_in[j] = abef[j];
        cdgh_in[j] = cdgh[j];
    }
#define GROUP(i)                                                                        \
    {                                                                                   \
        const __m128i wk = SHARED_WK(i), wk_high = _mm_shuffle_epi32(wk, 0x0e);         \
        SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++)                              \
            sha256_shani_shared_group(&abef[j], &cdgh[j], wk, wk_high);                 \
    }
    ALL_GROUPS()
#undef GROUP
    FEED_FORWARD()
}

// nblocks blocks of each of s streams, then ntail blocks of the tails, then
// the shared block when last is not NULL.
static TD_ALWAYS_INLINE void sha256_shani_streams(td_sha256_state *const *states,
                                                  const uint8_t *const *data, const size_t s,
                                                  size_t nblocks, const uint8_t *const *tail,
                                                  size_t ntail, const td_sha256_shared_block *last)
{
    __m128i abef[SHA256_SHANI_STREAMS], cdgh[SHA256_SHANI_STREAMS];
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++)
        sha256_shani_load_state(states[j], &abef[j], &cdgh[j]);
    for (size_t off = 0; off < 64 * nblocks; off += 64)
        sha256_shani_data_block(abef, cdgh, data, off, s);
    for (size_t off = 0; off < 64 * ntail; off += 64)
        sha256_shani_data_block(abef, cdgh, tail, off, s);
    if (last != NULL)
        sha256_shani_shared_block(abef, cdgh, last, s);
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++)
        sha256_shani_store_state(states[j], abef[j], cdgh[j]);
}

// ------------------------------------------------------------ Merkle nodes
// Messages of one block each followed by the shared block (64-byte messages
// laid end to end: a Merkle level). In lockstep, four streams' data blocks
// keep the SHA unit busy (SHA256MSG2 holds it too), but their shared blocks,
// 32 SHA256RNDS2 in a chain each, leave it idle one cycle in two. Here two
// pairs of streams run half a node apart: while one pair runs a data block,
// the other runs the shared block of the messages before, so the unit always
// has both kinds of work.
// One step: pair D's data block (when has_data), beside pair S's shared
// block (when has_shared). D and S are constants.
static TD_ALWAYS_INLINE void sha256_shani_pair_step(__m128i abef[2][2], __m128i cdgh[2][2],
                                                    const uint8_t *const *src, const size_t D,
                                                    const size_t S, const int has_data,
                                                    const int has_shared,
                                                    const td_sha256_shared_block *last)
{
    const __m128i bswap = SHA256_SHANI_BSWAP;
    __m128i w[2][4], in_abef[2][2], in_cdgh[2][2];
    SHA256_SHANI_UNROLL for (size_t j = 0; j < 2; j++) {
        in_abef[0][j] = abef[D][j];
        in_cdgh[0][j] = cdgh[D][j];
        in_abef[1][j] = abef[S][j];
        in_cdgh[1][j] = cdgh[S][j];
        if (has_data)
            for (size_t q = 0; q < 4; q++)
                w[j][q] = _mm_shuffle_epi8(
                    _mm_loadu_si128((const __m128i *)(src[j] + 16 * q)), bswap);
    }
#define GROUP(i)                                                                        \
    if (has_data) {                                                                     \
        const __m128i k4 = K4(i);                                                       \
        SHA256_SHANI_UNROLL for (size_t j = 0; j < 2; j++)                              \
            sha256_shani_data_group(&abef[D][j], &cdgh[D][j], w[j], (i), k4);           \
    }                                                                                   \
    if (has_shared) {                                                                   \
        const __m128i wk = SHARED_WK(i), wk_high = _mm_shuffle_epi32(wk, 0x0e);         \
        SHA256_SHANI_UNROLL for (size_t j = 0; j < 2; j++)                              \
            sha256_shani_shared_group(&abef[S][j], &cdgh[S][j], wk, wk_high);           \
    }
    ALL_GROUPS()
#undef GROUP
    SHA256_SHANI_UNROLL for (size_t j = 0; j < 2; j++) {
        if (has_data) {
            abef[D][j] = _mm_add_epi32(abef[D][j], in_abef[0][j]);
            cdgh[D][j] = _mm_add_epi32(cdgh[D][j], in_cdgh[0][j]);
        }
        if (has_shared) {
            abef[S][j] = _mm_add_epi32(abef[S][j], in_abef[1][j]);
            cdgh[S][j] = _mm_add_epi32(cdgh[S][j], in_cdgh[1][j]);
        }
    }
}

// The first DS bytes (32, or 28 for SHA-224) of the digest in abef and
// cdgh, big-endian, to out.
static TD_ALWAYS_INLINE void sha256_shani_store_digest(uint8_t *out, __m128i abef, __m128i cdgh,
                                                       const size_t DS)
{
    const __m128i bswap = SHA256_SHANI_BSWAP;
    const __m128i t0 = _mm_shuffle_epi32(abef, 0x1b);                           // f e b a
    const __m128i t1 = _mm_shuffle_epi32(cdgh, 0xb1);                           // d c h g
    const __m128i lo = _mm_shuffle_epi8(_mm_blend_epi16(t0, t1, 0xf0), bswap); // a b c d
    const __m128i hi = _mm_shuffle_epi8(_mm_alignr_epi8(t1, t0, 8), bswap);    // e f g h
    _mm_storeu_si128((__m128i *)(void *)out, lo);
    if (DS == 32) {
        _mm_storeu_si128((__m128i *)(void *)(out + 16), hi);
    } else {
        _mm_storel_epi64((__m128i *)(void *)(out + 16), hi);
        const uint32_t g = (uint32_t)_mm_extract_epi32(hi, 2);
        memcpy(out + 24, &g, 4);
    }
}

// Messages i .. i + s at ptrs[i + j], or at base + 64 * (i + j) when
// BY_PTRS is 0, in lockstep from the start state in registers, to their
// digests at out + DS * (i + j), all read before any digest is written.
static TD_ALWAYS_INLINE void sha256_shani_node_streams(__m128i start_abef, __m128i start_cdgh,
                                                       const void *const *ptrs, const uint8_t *base,
                                                       size_t i, const size_t s,
                                                       const td_sha256_shared_block *last,
                                                       uint8_t *out, const size_t DS,
                                                       const int BY_PTRS)
{
    const uint8_t *src[SHA256_SHANI_STREAMS];
    __m128i abef[SHA256_SHANI_STREAMS], cdgh[SHA256_SHANI_STREAMS];
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++) {
        src[j] = BY_PTRS ? (const uint8_t *)ptrs[i + j] : base + 64 * (i + j);
        abef[j] = start_abef;
        cdgh[j] = start_cdgh;
    }
    sha256_shani_data_block(abef, cdgh, src, 0, s);
    sha256_shani_shared_block(abef, cdgh, last, s);
    SHA256_SHANI_UNROLL for (size_t j = 0; j < s; j++)
        sha256_shani_store_digest(out + DS * (i + j), abef[j], cdgh[j], DS);
}

// n <= 4 messages in lockstep, their digests out after all of them are read
// (DS * i < 64 * i: a level may be hashed in place).
static TD_ALWAYS_INLINE void sha256_shani_lockstep_nodes(
    const td_sha256_state *start, const void *const *ptrs, const uint8_t *base, size_t n,
    const td_sha256_shared_block *last, uint8_t *out, const size_t DS, const int BY_PTRS)
{
    __m128i start_abef, start_cdgh;
    sha256_shani_load_state(start, &start_abef, &start_cdgh);
#define NODE_STREAMS(s) \
    sha256_shani_node_streams(start_abef, start_cdgh, ptrs, base, 0, (s), last, out, DS, BY_PTRS)
    switch (n) {
    case 1: NODE_STREAMS(1); break;
    case 2: NODE_STREAMS(2); break;
    case 3: NODE_STREAMS(3); break;
    default: NODE_STREAMS(4); break;
    }
#undef NODE_STREAMS
}

// n messages (n >= 3) of one data block each (td_sha256_nodes_fn), then the
// shared block, from the state start: pair p holds messages 2p and 2p + 1 (for
// an odd n, the last pair's second stream runs its first one's block again,
// into a digest written to scratch), in slot p % 2. The first step runs pair
// 0's data block alone, the last the last pair's shared block. Digests go
// straight from the registers, each after the next pair's blocks are read
// (docs/performance-notes.md, "Backend forms: figures from the code").
static TD_ALWAYS_INLINE void sha256_shani_merkle_pairs(const td_sha256_state *start,
                                                       const void *const *ptrs, const uint8_t *base,
                                                       size_t n, const td_sha256_shared_block *last,
                                                       uint8_t *out, const size_t DS,
                                                       const int BY_PTRS)
{
    __m128i abef[2][2], cdgh[2][2], start_abef, start_cdgh;
    sha256_shani_load_state(start, &start_abef, &start_cdgh);
    uint8_t scratch[32] = { 0 }; // written, never read
    const size_t pairs = (n + 1) / 2;
    uint8_t *dst[2][2];
    const uint8_t *src[2][2];
    // Every store unconditional: with a branch on the odd last message, GCC
    // 12 made the pairs much slower (the notes' "Backend forms").
#define LOAD_PAIR(slot, p)                                                              \
    do {                                                                                \
        for (size_t j = 0; j < 2; j++) {                                                \
            const int here = 2 * (p) + j < n;                                           \
            const size_t m = here ? 2 * (p) + j : 2 * (p);                              \
            src[slot][j] = BY_PTRS ? (const uint8_t *)ptrs[m] : base + 64 * m;          \
            dst[slot][j] = here ? out + (2 * (p) + j) * DS : scratch;                   \
            abef[slot][j] = start_abef;                                                 \
            cdgh[slot][j] = start_cdgh;                                                 \
        }                                                                               \
    } while (0)
#define STORE_PAIR(slot)                                                                \
    do {                                                                                \
        for (size_t j = 0; j < 2; j++)                                                  \
            sha256_shani_store_digest(dst[slot][j], abef[slot][j], cdgh[slot][j], DS);  \
    } while (0)
    LOAD_PAIR(0, 0);
    sha256_shani_pair_step(abef, cdgh, src[0], 0, 1, 1, 0, last);
    size_t p = 1;
    // Two steps a turn, so that each step's slots are constants: the arrays
    // of states are then indexed by constants only and can live in
    // registers.
    for (;;) {
        // Pair p's data in slot 1, pair p - 1's shared block in slot 0.
        LOAD_PAIR(1, p);
        sha256_shani_pair_step(abef, cdgh, src[1], 1, 0, 1, 1, last);
        STORE_PAIR(0);
        if (++p == pairs) {
            sha256_shani_pair_step(abef, cdgh, src[1], 0, 1, 0, 1, last);
            STORE_PAIR(1);
            return;
        }
        LOAD_PAIR(0, p);
        sha256_shani_pair_step(abef, cdgh, src[0], 0, 1, 1, 1, last);
        STORE_PAIR(1);
        if (++p == pairs) {
            sha256_shani_pair_step(abef, cdgh, src[0], 1, 0, 0, 1, last);
            STORE_PAIR(0);
            return;
        }
    }
#undef LOAD_PAIR
#undef STORE_PAIR
}

#undef ALL_GROUPS
#undef FEED_FORWARD
#undef SHARED_WK
#undef K4

// One copy of the streams for each count, so that no stream is spent on a
// message that is not there.
#define SHA256_SHANI_STREAMS_ENTRY(name)                                                   \
    void name(td_sha256_state *const *states, const uint8_t *const *data, size_t n,        \
              size_t nblocks, const uint8_t *const *tail, size_t ntail,                    \
              const td_sha256_shared_block *last)                                          \
    {                                                                                      \
        switch (n) {                                                                       \
        case 1: sha256_shani_streams(states, data, 1, nblocks, tail, ntail, last); break;  \
        case 2: sha256_shani_streams(states, data, 2, nblocks, tail, ntail, last); break;  \
        case 3: sha256_shani_streams(states, data, 3, nblocks, tail, ntail, last); break;  \
        default: sha256_shani_streams(states, data, 4, nblocks, tail, ntail, last); break; \
        }                                                                                  \
    }


// One copy of a nodes function for each source and digest size: all
// constants.
#define SHA256_SHANI_NODES_COPIES(how, start, ptrs, base, n, last, out, digest_size)   \
    do {                                                                               \
        if ((ptrs) != NULL && (digest_size) == 32)                                     \
            how(start, ptrs, NULL, n, last, out, 32, 1);                               \
        else if ((ptrs) != NULL)                                                       \
            how(start, ptrs, NULL, n, last, out, 28, 1);                               \
        else if ((digest_size) == 32)                                                  \
            how(start, NULL, base, n, last, out, 32, 0);                               \
        else                                                                           \
            how(start, NULL, base, n, last, out, 28, 0);                               \
    } while (0)

// A Merkle level's nodes to their digests (td_sha256_nodes_fn) by the
// pipelined pairs, any number of them in one call; one or two, which make
// no two pairs, in lockstep.
#define SHA256_SHANI_NODES_ENTRY(name)                                                         \
    void name(const void *const *ptrs, const uint8_t *base, size_t n,                          \
              const td_sha256_shared_block *last, const td_sha256_state *start,                \
              uint8_t *out, size_t digest_size)                                                \
    {                                                                                          \
        if (n >= 3)                                                                            \
            SHA256_SHANI_NODES_COPIES(sha256_shani_merkle_pairs, start, ptrs, base, n, last,   \
                                      out, digest_size);                                       \
        else                                                                                   \
            SHA256_SHANI_NODES_COPIES(sha256_shani_lockstep_nodes, start, ptrs, base, n, last, \
                                      out, digest_size);                                       \
    }

// Up to 4 of them in lockstep, for the rows of four streams.
#define SHA256_SHANI_LOCKSTEP_NODES_ENTRY(name)                                                \
    void name(const void *const *ptrs, const uint8_t *base, size_t n,                          \
              const td_sha256_shared_block *last, const td_sha256_state *start,                \
              uint8_t *out, size_t digest_size)                                                \
    {                                                                                          \
        SHA256_SHANI_NODES_COPIES(sha256_shani_lockstep_nodes, start, ptrs, base, n, last,     \
                                  out, digest_size);                                           \
    }

#endif
