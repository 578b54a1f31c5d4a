/* SPDX-License-Identifier: Apache-2.0
 * Private types shared by the library's files: compression states, the
 * block-function contract, backend table rows and the dispatch entry points.
 */
#ifndef TD_INTERNAL_H
#define TD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "turbodigest.h"

#if defined(__GNUC__) && !defined(_WIN32)
#define TD_HIDDEN __attribute__((visibility("hidden")))
#else
#define TD_HIDDEN
#endif

// For the inline cores that callers specialise with a constant argument: GCC
// 12 otherwise keeps one out-of-line copy of a large one and calls it.
#if defined(__GNUC__) || defined(__clang__)
#define TD_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TD_ALWAYS_INLINE inline
#endif

// For the first-use paths beside a hot one: inlined, their register saves
// would be paid on every call.
#if defined(__GNUC__) || defined(__clang__)
#define TD_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define TD_NOINLINE __declspec(noinline)
#else
#define TD_NOINLINE
#endif

// Compression states: words in host order. The structs are declared inside
// td_ctx in the public header so that a context's state is the very object a
// backend works on, with no cast between unrelated types.
typedef struct td_md5_state td_md5_state;       // uint32_t h[4]
typedef struct td_sha1_state td_sha1_state;     // uint32_t h[5]
typedef struct td_sha256_state td_sha256_state; // uint32_t h[8], also SHA-224
typedef struct td_sha512_state td_sha512_state; // uint64_t h[8], also SHA-384, SHA-512/t

// Compress nblocks >= 1 whole blocks (64 bytes; 128 for SHA-512) into
// *state. data has no alignment requirement; exactly nblocks blocks are read;
// nothing but *state is written.
typedef void td_md5_blocks_fn(td_md5_state *state, const uint8_t *data, size_t nblocks);
typedef void td_sha1_blocks_fn(td_sha1_state *state, const uint8_t *data, size_t nblocks);
typedef void td_sha256_blocks_fn(td_sha256_state *state, const uint8_t *data, size_t nblocks);
typedef void td_sha512_blocks_fn(td_sha512_state *state, const uint8_t *data, size_t nblocks);

// The compressor families. Several algorithms share one family.
typedef enum td_family {
    TD_FAMILY_MD5, TD_FAMILY_SHA1, TD_FAMILY_SHA256, TD_FAMILY_SHA512,
    TD_FAMILY_COUNT
} td_family;

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

// A Merkle level's nodes straight to their digests, for rows whose streams
// write them from their registers: n >= 1 messages of one block each, at
// ptrs[i], or at base + 64 * i when ptrs is NULL, then the shared block last
// by its schedule, each from the state *start; the first digest_size bytes
// (32, or 28 for SHA-224) of message i's digest to out + i * digest_size,
// big-endian, written after messages 0 .. i are read (so that a level may
// be hashed in place). n has no upper bound: the whole level in one call.
typedef void td_sha256_nodes_fn(const void *const *ptrs, const uint8_t *base, size_t n,
                                const td_sha256_shared_block *last,
                                const td_sha256_state *start, uint8_t *out, size_t digest_size);
// The same for SHA-1, whose one algorithm fixes the start state and the
// digest's 20 bytes: n >= 1 messages of one block each (64 bytes) to digests
// at out + 20 * i, each written after messages 0 .. i are read.
typedef void td_sha1_nodes_fn(const void *const *ptrs, const uint8_t *base, size_t n,
                              const td_sha1_shared_block *last, uint8_t *out);

// A row's nodes function, if it has one: the member of its family.
typedef union td_nodes_fn {
    td_sha1_nodes_fn   *sha1;
    td_sha256_nodes_fn *sha256;
} td_nodes_fn;

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

// How many of left messages go together through streams of the given
// width: more than one group's worth but less than two split evenly (5 in
// fours as 3 + 2), since a stream's time grows with each message and one
// message alone runs at its chain's latency (AMD Zen 4, 5 messages as 3 + 2
// against 4 + 1, TSC ticks a message: SHA-256 of 64 bytes 101 against 110,
// of 1 KiB 709 against 843).
static inline size_t td_stream_group(size_t left, size_t width)
{
    return left <= width ? left : left < 2 * width ? (left + 1) / 2 : width;
}

// The most messages one call of a many-path backend takes (two groups of 16
// lanes of 32-bit words: MD5's avx512-x32), and so the size of many.c's
// batches.
#define TD_MANY_MAX_LANES 32

// A row's function: the member that matches its table's family and path
// (dispatch.c's row macros check the function's type against it).
typedef union td_blocks_fn {
    td_md5_blocks_fn         *md5;
    td_sha1_blocks_fn        *sha1;
    td_sha256_blocks_fn      *sha256;
    td_sha512_blocks_fn      *sha512;
    td_md5_blocks_many_fn    *md5_many;
    td_sha1_blocks_many_fn   *sha1_many;
    td_sha256_blocks_many_fn *sha256_many;
    td_sha512_blocks_many_fn *sha512_many;
} td_blocks_fn;

// One row of a backend table: usable when every bit of cpu_needs is present.
// On the single path the automatic choice leaves a row to the rows below it
// on a CPU with any bit of cpu_avoid (performance traits), though it stays
// usable when pinned; on the many path the family's rules decide (below).
typedef struct td_backend_row {
    const char  *name;
    uint32_t     cpu_needs;  // TD_CPU_* bits
    td_blocks_fn blocks;
    uint32_t     cpu_avoid;  // TD_CPU_SLOW_* bits, single path
    uint32_t     lanes;      // many path: messages per call, 1 for one at a time
    uint32_t     streams;    // many path: 1 where each message adds its own
                             // rounds to a call (SHA-NI streams), so that a
                             // batch of up to twice lanes is split evenly
    td_nodes_fn  nodes;      // many path, SHA-1 and SHA-224/256: NULL, or
                             // messages of one block and the shared one
                             // (Merkle nodes) to their digests
} td_backend_row;

// A family's backends for one path; the last row is "portable".
typedef struct td_backend_table {
    const td_backend_row *rows;
    size_t                count;
} td_backend_table;

// The shape of a batch of messages, as far as the rules tell batches apart:
// TD_BATCH_NODES when each message is one data block followed by the shared
// block given by its schedule (a Merkle level's nodes: 64 bytes for SHA-256),
// TD_BATCH_ANY otherwise.
typedef enum td_batch_shape { TD_BATCH_ANY, TD_BATCH_NODES, TD_BATCH_SHAPES } td_batch_shape;

// When the automatic choice takes a many-path row: for count messages hashed
// side by side, count >= min_count, on a CPU with every bit of cpu_with and
// none of cpu_without, for batches of any shape or only for nodes. A
// family's rules are tried in order; the first that holds and names a row
// usable here wins. It takes up to that row's lanes of the messages, and the
// rules are asked again for the rest.
typedef struct td_many_rule {
    const char    *name;         // a row of the family's many-path table
    uint32_t       min_count;
    uint32_t       cpu_with;     // TD_CPU_* bits
    uint32_t       cpu_without;
    td_batch_shape shape;        // TD_BATCH_NODES: for nodes only
} td_many_rule;

// Static facts about an algorithm.
typedef struct td_alg_info {
    const char *name;
    td_family   family;
    uint32_t    digest_size;
    uint32_t    block_size;
} td_alg_info;

// The table lives here, not in alg.c, so that a caller with a constant alg
// (the typed one-shots) has every size and family folded at compile time.
static const td_alg_info td_alg_infos[TD_ALG_COUNT] = {
    [TD_MD5]        = { "md5",        TD_FAMILY_MD5,    16, 64 },
    [TD_SHA1]       = { "sha1",       TD_FAMILY_SHA1,   20, 64 },
    [TD_SHA224]     = { "sha224",     TD_FAMILY_SHA256, 28, 64 },
    [TD_SHA256]     = { "sha256",     TD_FAMILY_SHA256, 32, 64 },
    [TD_SHA384]     = { "sha384",     TD_FAMILY_SHA512, 48, 128 },
    [TD_SHA512]     = { "sha512",     TD_FAMILY_SHA512, 64, 128 },
    [TD_SHA512_224] = { "sha512-224", TD_FAMILY_SHA512, 28, 128 },
    [TD_SHA512_256] = { "sha512-256", TD_FAMILY_SHA512, 32, 128 },
};

// alg must be valid (< TD_ALG_COUNT).
static inline const td_alg_info *td_alg_info_of(td_alg alg)
{
    return &td_alg_infos[alg];
}

// The backend in use for alg on path; alg and path must be valid. One atomic
// load after the first call. On the many path, with nothing pinned, the row
// the automatic choice takes for a full batch (td_backend's answer).
TD_HIDDEN const td_backend_row *td_backend_row_for(td_alg alg, td_path path);

// td_many_row_for, the many-path row for a count of messages: many_row.h.

// Every row built in for a family and path, usable here or not.
TD_HIDDEN td_backend_table td_backend_table_of(td_family family, td_path path);

// Whether the CPU can run a row.
TD_HIDDEN int td_backend_row_usable(const td_backend_row *row);

// The generic layer (ctx.c). These trust their arguments: the public entry
// points check them first.

// Sets a context's IV and counters and marks it live.
TD_HIDDEN void td_ctx_start(td_ctx *ctx, td_alg alg);

// Compresses nblocks whole blocks into ctx's state with a single-path row.
TD_HIDDEN void td_ctx_blocks(const td_backend_row *row, td_ctx *ctx,
                             const uint8_t *data, size_t nblocks);

// Room for the padded end of a message: a tail of up to TD_MAX_BLOCK_SIZE
// bytes with its padding is at most two 128-byte or three 64-byte blocks.
#define TD_PAD_BUFFER_SIZE (2 * TD_MAX_BLOCK_SIZE)

// Pads tail (the message's last bytes, at most TD_MAX_BLOCK_SIZE of them; the
// message length is taken from ctx's counters), compresses the last blocks
// with row and writes the digest. Does not wipe ctx.
TD_HIDDEN void td_ctx_finish(const td_backend_row *row, td_ctx *ctx,
                             const uint8_t *tail, size_t tail_len, uint8_t *out);

// Writes the digest of ctx's state, digest_size bytes exactly.
TD_HIDDEN void td_ctx_digest(const td_ctx *ctx, uint8_t *out);

// Copies tail (at most TD_MAX_BLOCK_SIZE bytes) into block, a buffer of
// TD_PAD_BUFFER_SIZE bytes, and pads it as the end of a message of
// total_lo/total_hi bytes. Returns the number of blocks filled, 1 to 3.
TD_HIDDEN size_t td_pad(td_family family, uint8_t *block, const uint8_t *tail, size_t tail_len,
                        uint64_t total_lo, uint64_t total_hi);

// Whether a context is initialised and not finished.
TD_HIDDEN int td_ctx_live(const td_ctx *ctx);

// Whether a message of len bytes is within alg's length limit. One call
// cannot pass the SHA-1/256 limit on a 32-bit size_t; on 64-bit it can, and
// must be refused before any byte is read.
static inline int td_len_allowed(td_alg alg, uint64_t len)
{
    const td_family family = td_alg_info_of(alg)->family;
    return !(family == TD_FAMILY_SHA1 || family == TD_FAMILY_SHA256) ||
           len <= ((uint64_t)1 << 61) - 1;
}

// n messages (many.c), arguments already checked: every one through row, or
// through td_many_row_for's choice when row is NULL.
TD_HIDDEN void td_hash_many_with(const td_backend_row *row, td_alg alg, size_t n,
                                 const void *const *data, const size_t *lens, uint8_t *out);
TD_HIDDEN void td_hash_many_fixed_with(const td_backend_row *row, td_alg alg, size_t n,
                                       const uint8_t *data, size_t len, uint8_t *out);

// The whole message in one call with a given single-path row. Returns
// TD_OK, so that a caller can end with it (a jump, without saving
// registers).
TD_HIDDEN int td_hash_with(const td_backend_row *row, td_alg alg,
                           const uint8_t *data, size_t len, uint8_t *out);

#endif // TD_INTERNAL_H
