/* SPDX-License-Identifier: Apache-2.0
 * The backend contract: compression states, the block functions of the
 * single and the many path, the shared last block and a Merkle level's
 * nodes. A backend file needs this header, backends.h and its intrinsics.
 */
#ifndef TD_BACKEND_H
#define TD_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "td_compiler.h"
#include "turbodigest.h"

// Compression states: words in host order. The structs are declared inside
// td_ctx in the public header so that a context's state is the very object a
// backend works on, with no cast between unrelated types.
typedef struct td_md5_state td_md5_state;       // uint32_t h[4]
typedef struct td_sha1_state td_sha1_state;     // uint32_t h[5]
typedef struct td_sha256_state td_sha256_state; // uint32_t h[8], also SHA-224
typedef struct td_sha512_state td_sha512_state; // uint64_t h[8], also SHA-384, SHA-512/t
typedef struct td_sha3_state td_sha3_state;     // uint64_t a[25]: Keccak's lane (x, y)
                                                // at a[x + 5 * y]; SHA-3 and SHAKE

// Compress nblocks >= 1 whole blocks (64 bytes; 128 for SHA-512) into
// *state. data has no alignment requirement; exactly nblocks blocks are read;
// nothing but *state is written.
typedef void td_md5_blocks_fn(td_md5_state *state, const uint8_t *data, size_t nblocks);
typedef void td_sha1_blocks_fn(td_sha1_state *state, const uint8_t *data, size_t nblocks);
typedef void td_sha256_blocks_fn(td_sha256_state *state, const uint8_t *data, size_t nblocks);
typedef void td_sha512_blocks_fn(td_sha512_state *state, const uint8_t *data, size_t nblocks);

// Keccak's blocks are the sponge's rate, which the algorithm sets (72, 104,
// 136, 144 or 168 bytes): for each of nblocks >= 1 blocks, its rate / 8
// little-endian 64-bit words are XORed into a[0 .. rate / 8), then
// Keccak-f[1600] (24 rounds) permutes the state. The state stays the plain
// one between calls (a backend that complements lanes inside undoes it).
typedef void td_sha3_blocks_fn(td_sha3_state *state, const uint8_t *data, size_t nblocks,
                               size_t rate);
// SHAKE's output: for each of nblocks >= 1 blocks, Keccak-f[1600] permutes
// the state, then its first rate bytes (the lanes, little-endian) go to out.
// The state stays the plain one between calls.
typedef void td_sha3_squeeze_fn(td_sha3_state *state, uint8_t *out, size_t nblocks, size_t rate);

// The compressor families. Several algorithms share one family.
typedef enum td_family {
    TD_FAMILY_MD5, TD_FAMILY_SHA1, TD_FAMILY_SHA256, TD_FAMILY_SHA512, TD_FAMILY_SHA3,
    TD_FAMILY_COUNT
} td_family;

// The most messages one call of a many-path backend takes (two groups of 16
// lanes of 32-bit words: MD5's avx512-x32), and so the size of many.c's
// batches.
#define TD_MANY_MAX_LANES 32

// The many-message path. Where messages of a batch have equal lengths and
// their last block holds padding alone (no message byte: the length is a
// multiple of the block size, or its tail leaves no room for the length
// field), that block is the same in every lane. Its message schedule is then
// worked out once for the batch (many.c), and lanes backends add the words
// from it instead of loading, transposing and expanding a block per lane.
// The bytes are there too, for backends that compress bytes.
typedef struct td_md5_shared_block {
    uint8_t  bytes[64];
    uint32_t xt[64];   // step i: X[k] + T[i], k the word step i reads
} td_md5_shared_block;
typedef struct td_sha1_shared_block {
    uint8_t  bytes[64];
    uint32_t w[80];    // W[t]: SHA-NI adds K itself
    uint32_t wk[80];   // W[t] + K(t)
} td_sha1_shared_block;
typedef struct td_sha256_shared_block {
    uint8_t  bytes[64];
    uint32_t wk[64];   // W[t] + K[t]
} td_sha256_shared_block;
typedef struct td_sha512_shared_block {
    uint8_t  bytes[128];
    uint64_t wk[80];   // W[t] + K[t]
} td_sha512_shared_block;

// Compress into each of n independent states nblocks whole blocks from
// data[i], then ntail blocks from tail[i] (the message's padded end, or the
// shared block's bytes), then, when last is not NULL, the shared block last
// by its schedule. Any of the three may be empty. 1 <= n <= the row's lanes.
// many.c owns message lengths, padding and which backend takes how many
// messages, so a backend only ever sees whole blocks and runs the same code
// on every CPU.
typedef void td_md5_blocks_many_fn(td_md5_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_md5_shared_block *last);
typedef void td_sha1_blocks_many_fn(td_sha1_state *const *states, const uint8_t *const *data,
                                    size_t n, size_t nblocks, const uint8_t *const *tail,
                                    size_t ntail, const td_sha1_shared_block *last);
typedef void td_sha256_blocks_many_fn(td_sha256_state *const *states, const uint8_t *const *data,
                                      size_t n, size_t nblocks, const uint8_t *const *tail,
                                      size_t ntail, const td_sha256_shared_block *last);
typedef void td_sha512_blocks_many_fn(td_sha512_state *const *states, const uint8_t *const *data,
                                      size_t n, size_t nblocks, const uint8_t *const *tail,
                                      size_t ntail, const td_sha512_shared_block *last);

// The same for Keccak, whose last block has no schedule to share: into each
// of n states, nblocks blocks of rate bytes from data[i], then ntail from
// tail[i] (its padded end), as td_sha3_blocks_fn absorbs them.
typedef void td_sha3_blocks_many_fn(td_sha3_state *const *states, const uint8_t *const *data,
                                    size_t n, size_t nblocks, const uint8_t *const *tail,
                                    size_t ntail, size_t rate);

// A Merkle level's nodes straight to their digests, for rows whose streams
// write them from their registers: n >= 1 messages of one block each, at
// ptrs[i], or at base + 64 * i when ptrs is NULL, then the shared block last
// by its schedule, each from the state *start; the first digest_size bytes
// (32, or 28 for SHA-224) of message i's digest to out + i * digest_size,
// big-endian, written after messages 0 .. i are read (so that a level may
// be hashed in place). n is at most the row's lanes, as for its blocks
// function, or, for a row whose nodes take a level (backends.def's
// STREAMS_LEVEL_NODES), any count: the whole level in one call.
typedef void td_sha256_nodes_fn(const void *const *ptrs, const uint8_t *base, size_t n,
                                const td_sha256_shared_block *last,
                                const td_sha256_state *start, uint8_t *out, size_t digest_size);
// The same for SHA-1, whose one algorithm fixes the start state and the
// digest's 20 bytes: n >= 1 messages of one block each (64 bytes), as many
// as above, to digests at out + 20 * i, each written after messages 0 .. i
// are read.
typedef void td_sha1_nodes_fn(const void *const *ptrs, const uint8_t *base, size_t n,
                              const td_sha1_shared_block *last, uint8_t *out);

// For lanes backends: p[0 .. lanes) = the k pointers of from, then from[0]
// again for the lanes beyond k, whose results are thrown away.
static inline void td_lane_pointers(const uint8_t **p, size_t lanes, const uint8_t *const *from,
                                    size_t k)
{
    for (size_t i = 0; i < lanes; i++)
        p[i] = from[i < k ? i : 0];
}

// A lanes backend's call through its kernel compress(r, p, count, wk): the
// body, then the tail, the state r staying in registers between them; wk
// (the shared block's schedule, or NULL) goes with the last of them. p is
// the kernel's array of lanes pointers.
#define TD_LANES_SEGMENTS(compress, r, p, lanes, k, data, nblocks, tail, ntail, wk) \
    do {                                                                         \
        if ((ntail) != 0 && (nblocks) != 0) {                                    \
            td_lane_pointers((p), (lanes), (data), (k));                         \
            compress((r), (p), (nblocks), NULL);                                 \
        }                                                                        \
        if ((ntail) != 0)                                                        \
            td_lane_pointers((p), (lanes), (tail), (k));                         \
        else if ((nblocks) != 0)                                                 \
            td_lane_pointers((p), (lanes), (data), (k));                         \
        compress((r), (p), (ntail) != 0 ? (ntail) : (nblocks), (wk));             \
    } while (0)

#endif // TD_BACKEND_H
