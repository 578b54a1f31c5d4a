// SPDX-License-Identifier: Apache-2.0
// Many messages at once: lengths, padding, and which many-path backend takes
// how many of the messages (td_many_row_for). The backends only ever see
// whole blocks.

#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "many.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <string.h>

#include "ctx_core.h"
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif
#include "bytes.h"
#include "many_compress.h"
#include "many_row.h"
#include "shared_block.h"
#include "wipe.h"

// One message's compression state, whatever its family.
typedef union lane_state {
    td_md5_state    md5;
    td_sha1_state   sha1;
    td_sha256_state sha256;
    td_sha512_state sha512;
    td_sha3_state   sha3;
} lane_state;

// The shared last block's schedule is worked out for batches of at least
// this many messages, or (where it is cached, below) for a length that came
// in the call before too: it costs more than it saves a message in the
// lanes below that, and once cached it pays in small batches too
// (docs/performance-notes.md, "The many path's generic code").
#define SHARED_SCHEDULE_MIN_MESSAGES 32

// The last shared block worked out on this thread, with its schedule (at
// most 784 bytes a thread), used by later calls whatever their number of
// messages: the levels of a Merkle tree, and chunk stores, hash one length
// call after call (the notes, as above). It holds padding and a length,
// nothing secret.
// Not on Windows: MinGW's GCC emulates thread-local storage through
// libwinpthread, which the DLL would then need beside it.
#if !defined(_WIN32)
#define TD_SCHEDULE_CACHE 1
static _Thread_local struct {
    int family;      // TD_FAMILY_*, or -1 when empty
    uint64_t len;
    td_shared_block block;
    int seen_family; // the last batch with a shared block but no schedule
    uint64_t seen_len;
} last_schedule = { -1, 0, { { { 0 }, { 0 } } }, -1, 0 };
#else
#define TD_SCHEDULE_CACHE 0
#endif

// Compresses into states[0 .. k) with row (TD_COMPRESS_FAMILY), each
// message's state a lane_state; rate is the block size (Keccak's takes it).
#define LANE_STATE(fam, i) (&states[i]->fam)

static TD_ALWAYS_INLINE void compress(const td_backend_row *row, td_family family, size_t rate,
                                      lane_state *const *states, const uint8_t *const *data,
                                      size_t k, size_t nblocks, const uint8_t *const *tail,
                                      size_t ntail, const td_shared_block *last)
{
    switch (family) {
    case TD_FAMILY_MD5:    TD_COMPRESS_FAMILY(md5, LANE_STATE); break;
    case TD_FAMILY_SHA1:   TD_COMPRESS_FAMILY(sha1, LANE_STATE); break;
    case TD_FAMILY_SHA256: TD_COMPRESS_FAMILY(sha256, LANE_STATE); break;
    case TD_FAMILY_SHA3:   TD_COMPRESS_SHA3(LANE_STATE); break;
    default:               TD_COMPRESS_FAMILY(sha512, LANE_STATE); break;
    }
}

// The digest of a lane. The lanes backends store each state with wide
// vector stores, and a 4-byte load from inside one waits for the store to
// reach the cache instead of taking its data from it: on x86-64 the state is
// read 16 bytes at a time and its words swapped in registers (SSE2; the
// notes, as above).
#if defined(__SSE2__) || defined(_M_X64)
// The bytes of each 32-bit word reversed.
static inline __m128i reverse_words32(__m128i x)
{
    x = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1);
    return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
}

// The bytes of each 64-bit word reversed.
static inline __m128i reverse_words64(__m128i x)
{
    return reverse_words32(_mm_shuffle_epi32(x, 0xb1));
}

// 16 bytes of a state at p, each word's bytes reversed.
static TD_ALWAYS_INLINE __m128i digest_piece(const uint8_t *p, td_family family)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    return family == TD_FAMILY_SHA512 ? reverse_words64(v) : reverse_words32(v);
}

static TD_ALWAYS_INLINE void lane_digest(td_alg alg, const lane_state *state, uint8_t *out)
{
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t size = info->digest_size;
    if (info->family == TD_FAMILY_MD5) {
        _mm_storeu_si128((__m128i *)(void *)out,
                         _mm_loadu_si128((const __m128i *)(const void *)state));
        return;
    }
    if (info->family == TD_FAMILY_SHA3) { // little-endian lanes, as x86 keeps them
        memcpy(out, state, size);
        return;
    }
    const uint8_t *words = (const uint8_t *)state;
    size_t at = 0;
    for (; at + 16 <= size; at += 16)
        _mm_storeu_si128((__m128i *)(void *)(out + at), digest_piece(words + at, info->family));
    if (size - at == 4) {
        // SHA-1's fifth word, stored alone by its backends: a 16-byte load
        // over it would wait for the store to reach the cache.
        uint32_t last;
        memcpy(&last, words + at, 4);
        store_be32(out + at, last);
    } else if (size - at == 12) {
        // The last 12 bytes of SHA-224 and SHA-512/224, from one 16-byte
        // piece of the state.
        const __m128i v = digest_piece(words + at, info->family);
        _mm_storel_epi64((__m128i *)(void *)(out + at), v);
        const uint32_t last = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 8));
        memcpy(out + at + 8, &last, 4);
    }
}
#else
static TD_ALWAYS_INLINE void lane_digest(td_alg alg, const lane_state *state, uint8_t *out)
{
    core_state_digest(alg, state, out);
}
#endif

// The first count states of a family: its own words, not the whole union
// (two SHA-1 states are 4 stores, not 8).
static TD_ALWAYS_INLINE void wipe_states(td_family family, lane_state *states, size_t count)
{
    const size_t size = family == TD_FAMILY_MD5      ? sizeof(td_md5_state)
                        : family == TD_FAMILY_SHA1   ? sizeof(td_sha1_state)
                        : family == TD_FAMILY_SHA256 ? sizeof(td_sha256_state)
                        : family == TD_FAMILY_SHA3   ? sizeof(td_sha3_state)
                                                     : sizeof(td_sha512_state);
    for (size_t i = 0; i < count; i++)
        td_wipe(&states[i], (size + 15) & ~(size_t)15);
}

// The row for count messages side by side in a batch of the given shape: the
// one given, or the choice of the tables.
static const td_backend_row *row_for(const td_backend_row *given, td_alg alg, size_t count,
                                     td_batch_shape shape)
{
    return given != NULL ? given : td_many_row_for(alg, count, shape);
}

// ---------------------------------------------------------------- messages

// The messages of a call: message i at ptrs[i], or at base + i * len when
// ptrs is NULL; of length lens[i], or len when lens is NULL.
typedef struct messages {
    const void *const *ptrs;
    const uint8_t *base;
    const size_t *lens;
    size_t len;
} messages;

static inline size_t len_at(const messages *m, size_t i)
{
    return m->lens ? m->lens[i] : m->len;
}

// Message i of messages given by these fields of a messages.
static inline const uint8_t *message_at(const void *const *ptrs, const uint8_t *base, size_t len,
                                        size_t i)
{
    // NULL + 0 is undefined: an empty message keeps the pointer it has.
    return ptrs ? (const uint8_t *)ptrs[i] : len ? base + i * len : base;
}

static inline const uint8_t *msg_at(const messages *m, size_t i)
{
    return message_at(m->ptrs, m->base, m->len, i);
}

// Messages from..to one at a time through a single-path row, by the code of
// the typed one-shots.
static void one_at_a_time(const td_backend_row *row, td_alg alg, const messages *m, size_t from,
                          size_t to, uint8_t *out)
{
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    for (size_t i = from; i < to; i++)
        td_hash_with(row, alg, msg_at(m, i), len_at(m, i), out + i * digest_size);
}

// ------------------------------------------------------------ equal lengths

// The nodes of through_nodes where the row takes a batch of them a call and
// they are more than one batch: a call for each, split as for any batch
// (td_row_batch). Out of line: with it inlined, hash_equal_core's lanes
// were slower (docs/performance-notes.md, "Splitting a batch among
// streams").
// start is SHA-224/256's start state, NULL for SHA-1.
static TD_NOINLINE void nodes_in_batches(const td_backend_row *row, size_t digest_size,
                                         const void *const *ptrs, const uint8_t *base, size_t n,
                                         const td_shared_block *last,
                                         const td_sha256_state *start, uint8_t *out)
{
    for (size_t i = 0, k; i < n; i += k) {
        k = td_row_batch(row, n - i);
        const void *const *p = ptrs != NULL ? ptrs + i : NULL;
        const uint8_t *b = ptrs != NULL ? NULL : base + 64 * i;
        if (start == NULL)
            row->nodes.sha1(p, b, k, &last->sha1, out + i * digest_size);
        else
            row->nodes.sha256(p, b, k, &last->sha256, start, out + i * digest_size, digest_size);
    }
}

// n messages of one block and the shared one each (a Merkle level's nodes,
// at ptrs[i] or at base + 64 * i), through row's function that takes them
// to their digests, where it has one: 1. Else 0, and nothing done. No
// states to set up or read back (the notes' "64-byte messages to digests,
// the lone message").
static TD_ALWAYS_INLINE int through_nodes(const td_backend_row *row, td_alg alg,
                                          const void *const *ptrs, const uint8_t *base,
                                          size_t n, const td_shared_block *last, uint8_t *out)
{
    const td_alg_info *info = td_alg_info_of(alg);
    const int more = n > row->lanes && !row->nodes_level; // more than one call
    if (info->family == TD_FAMILY_SHA1 && row->nodes.sha1 != NULL) {
        if (more)
            nodes_in_batches(row, 20, ptrs, base, n, last, NULL, out);
        else
            row->nodes.sha1(ptrs, base, n, &last->sha1, out);
        return 1;
    }
    if (info->family == TD_FAMILY_SHA256 && row->nodes.sha256 != NULL) {
        lane_state start; // of any family's size: core_state_start's switch
        core_state_start(alg, &start);
        if (more)
            nodes_in_batches(row, info->digest_size, ptrs, base, n, last, &start.sha256, out);
        else
            row->nodes.sha256(ptrs, base, n, &last->sha256, &start.sha256, out,
                              info->digest_size);
        return 1;
    }
    return 0;
}

// Where the shared last block of a call's messages is, and how it goes.
typedef struct shared_plan {
    td_shared_block *last; // the thread's cache, or the caller's block
    int shared;            // the messages' last block holds padding alone
    int bytes_ready;       // last's bytes are the block's
    int scheduled;         // and its schedule too
    int use_schedule;      // it goes by its schedule, where that pays
} shared_plan;

// The plan for n messages of len bytes; own holds the block where there is
// no cache.
static TD_ALWAYS_INLINE shared_plan plan_shared_block(td_family family, size_t len, size_t n,
                                                      td_shared_block *own)
{
    shared_plan p = { own, td_last_block_is_shared(family, len), 0, 0, 0 };
    int again = 0;
#if TD_SCHEDULE_CACHE
    p.last = &last_schedule.block;
    p.scheduled = last_schedule.family == (int)family && last_schedule.len == len;
    // A small batch of a length the call before had too: likely one of
    // many, so its schedule is worth working out and keeping.
    again = last_schedule.seen_family == (int)family && last_schedule.seen_len == len;
    if (p.shared && !p.scheduled && !again) {
        last_schedule.seen_family = (int)family;
        last_schedule.seen_len = len;
    }
#endif
    p.bytes_ready = p.scheduled;
    p.use_schedule = p.shared && (p.scheduled || again || n >= SHARED_SCHEDULE_MIN_MESSAGES);
    return p;
}

// The shared block ready for a batch with lanes: its bytes, and, where it
// goes by its schedule, that too, returned (else NULL). Both are worked out
// at the first batch with lanes: before the loop they cost the batches that
// need neither (the notes, "The many path's generic code").
static TD_ALWAYS_INLINE const td_shared_block *shared_block_ready(shared_plan *p,
                                                                  td_family family, size_t len)
{
    if (p->shared && !p->bytes_ready) {
#if TD_SCHEDULE_CACHE
        last_schedule.family = -1;
#endif
        td_shared_block_bytes(family, td_shared_block_bytes_of(family, p->last), len);
        p->bytes_ready = 1;
    }
    if (!p->use_schedule)
        return NULL;
    if (!p->scheduled) {
        td_shared_block_schedule(family, p->last);
#if TD_SCHEDULE_CACHE
        last_schedule.family = (int)family;
        last_schedule.len = len;
#endif
        p->scheduled = 1;
    }
    return p->last;
}

// Messages i .. i + k of n messages of len bytes through row in one call:
// the bodies in place, then the padded tails (or the shared block's bytes),
// then the shared block by its schedule (by_schedule, or NULL); their
// digests to out. states and padded are the caller's scratch.
static TD_ALWAYS_INLINE void equal_batch(const td_backend_row *row, td_alg alg,
                                         const void *const *ptrs, const uint8_t *base,
                                         size_t len, size_t i, size_t k, const shared_plan *p,
                                         const td_shared_block *by_schedule, lane_state *states,
                                         uint8_t (*padded)[TD_PAD_BUFFER_SIZE], uint8_t *out)
{
    const td_alg_info *info = td_alg_info_of(alg);
    const td_family family = info->family;
    const size_t block_size = info->block_size;
    const size_t body = len / block_size, tail = len - body * block_size;
    lane_state *state_ptrs[TD_MANY_MAX_LANES];
    const uint8_t *lanes[TD_MANY_MAX_LANES], *tails[TD_MANY_MAX_LANES];
    for (size_t j = 0; j < k; j++) {
        lanes[j] = message_at(ptrs, base, len, i + j);
        state_ptrs[j] = &states[j];
        core_state_start(alg, &states[j]);
    }
    size_t ntail = 0;
    if (tail != 0 || family == TD_FAMILY_SHA3) {
        // The tail with its 0x80 byte, and the length where it fits; where
        // it does not, td_pad's second block is the shared one. Keccak's
        // padding is always one block of its own.
        for (size_t j = 0; j < k; j++) {
            // (An empty message may have no pointer: no offset taken then.)
            const uint8_t *at = tail != 0 ? lanes[j] + body * block_size : NULL;
            td_pad(alg, padded[j], at, tail, (uint64_t)len, 0);
            tails[j] = padded[j];
        }
        ntail = p->shared && by_schedule == NULL ? 2 : 1;
    } else if (by_schedule == NULL) {
        for (size_t j = 0; j < k; j++)
            tails[j] = td_shared_block_bytes_of(family, p->last);
        ntail = 1;
    }
    compress(row, family, block_size, state_ptrs, lanes, k, body, tails, ntail, by_schedule);
    if (tail != 0 || family == TD_FAMILY_SHA3)
        for (size_t j = 0; j < k; j++)
            td_wipe(padded[j], block_size);
    for (size_t j = 0; j < k; j++)
        lane_digest(alg, &states[j], out + (i + j) * info->digest_size);
}

// n messages of m->len bytes each. Every message has the same number of
// blocks, so a batch runs in lockstep (equal_batch). Digest i is written
// after message i and those before it are read, which lets a Merkle level
// be hashed in place.
static TD_ALWAYS_INLINE void hash_equal_core(const td_backend_row *given, td_alg alg, size_t n,
                                             const messages *m, uint8_t *out)
{
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t len = m->len, digest_size = info->digest_size;
    // Where the messages are, in locals: read through m, the compiler
    // reloads them after every store.
    const void *const *const ptrs = m->ptrs;
    const uint8_t *const base = m->base;
    td_shared_block own;
    shared_plan plan = plan_shared_block(info->family, len, n, &own);
    // One data block and the shared one by its schedule: a Merkle level's
    // nodes.
    const td_batch_shape shape = len == info->block_size && plan.use_schedule ? TD_BATCH_NODES
                                                                              : TD_BATCH_ANY;
    _Alignas(64) lane_state states[TD_MANY_MAX_LANES];
    _Alignas(64) uint8_t padded[TD_MANY_MAX_LANES][TD_PAD_BUFFER_SIZE];
    size_t lanes_used = 0; // states written, to wipe

    for (size_t i = 0; i < n;) {
        const size_t left = n - i < TD_MANY_MAX_LANES ? n - i : TD_MANY_MAX_LANES;
        const td_backend_row *row = row_for(given, alg, left, shape);
        if (row->kind == TD_ROW_SINGLE) {
            one_at_a_time(row, alg, m, i, i + left, out);
            i += left;
            continue;
        }
        const td_shared_block *by_schedule = shared_block_ready(&plan, info->family, len);
        // A Merkle level's nodes, where the row takes them to digests itself:
        // all the rest at once, so that its pipeline fills once.
        if (shape == TD_BATCH_NODES &&
            through_nodes(row, alg, ptrs != NULL ? ptrs + i : NULL,
                          ptrs != NULL ? NULL : base + i * len, n - i, plan.last,
                          out + i * digest_size))
            break;
        const size_t k = td_row_batch(row, n - i);
        lanes_used = k > lanes_used ? k : lanes_used;
        equal_batch(row, alg, ptrs, base, len, i, k, &plan, by_schedule, states, padded, out);
        i += k;
    }
    wipe_states(info->family, states, lanes_used);
}

// hash_equal_core for each alg, so that sizes, family and byte order are
// constants: with small batches its own work is a good part of the time.
// Out of line, so that its scratch (about 11 KiB of stack) and register
// saves are not paid by nodes_at_once's calls.
static TD_NOINLINE void hash_equal_batches(const td_backend_row *given, td_alg alg, size_t n,
                                           const messages *m, uint8_t *out)
{
    switch (alg) {
    case TD_MD5:        hash_equal_core(given, TD_MD5, n, m, out); break;
    case TD_SHA1:       hash_equal_core(given, TD_SHA1, n, m, out); break;
    case TD_SHA224:     hash_equal_core(given, TD_SHA224, n, m, out); break;
    case TD_SHA256:     hash_equal_core(given, TD_SHA256, n, m, out); break;
    case TD_SHA384:     hash_equal_core(given, TD_SHA384, n, m, out); break;
    case TD_SHA512:     hash_equal_core(given, TD_SHA512, n, m, out); break;
    case TD_SHA512_224: hash_equal_core(given, TD_SHA512_224, n, m, out); break;
    case TD_SHA3_224:   hash_equal_core(given, TD_SHA3_224, n, m, out); break;
    case TD_SHA3_256:   hash_equal_core(given, TD_SHA3_256, n, m, out); break;
    case TD_SHA3_384:   hash_equal_core(given, TD_SHA3_384, n, m, out); break;
    case TD_SHA3_512:   hash_equal_core(given, TD_SHA3_512, n, m, out); break;
    default:            hash_equal_core(given, TD_SHA512_256, n, m, out); break;
    }
}

// The whole call through_nodes, where the messages are 64 bytes, the thread
// has their shared block's schedule from a call before, and the row the
// tables take for them has a nodes function: 1. Else 0, and nothing done;
// hash_equal_core does the same with more around it.
static TD_ALWAYS_INLINE int nodes_at_once(const td_backend_row *given, td_alg alg, size_t n,
                                          const messages *m, uint8_t *out)
{
#if TD_SCHEDULE_CACHE
    if (m->len != 64 || last_schedule.family != (int)td_alg_info_of(alg)->family ||
        last_schedule.len != 64)
        return 0;
    // All beyond a full batch count as one in the tables.
    const td_backend_row *row = row_for(given, alg, n, TD_BATCH_NODES);
    return through_nodes(row, alg, m->ptrs, m->ptrs != NULL ? NULL : m->base, n,
                         &last_schedule.block, out);
#else
    (void)given, (void)alg, (void)n, (void)m, (void)out;
    return 0;
#endif
}

// Equal lengths: SHA-1 and SHA-224/256 nodes at once where they can be,
// everything else in batches.
static void hash_equal(const td_backend_row *given, td_alg alg, size_t n, const messages *m,
                       uint8_t *out)
{
    int done = 0;
    switch (alg) {
    case TD_SHA1:   done = nodes_at_once(given, TD_SHA1, n, m, out); break;
    case TD_SHA224: done = nodes_at_once(given, TD_SHA224, n, m, out); break;
    case TD_SHA256: done = nodes_at_once(given, TD_SHA256, n, m, out); break;
    default:        break;
    }
    if (!done)
        hash_equal_batches(given, alg, n, m, out);
}

// ------------------------------------------------------------ mixed lengths

// Each message is two segments of whole blocks: its body straight from the
// caller's memory, then its last bytes with the padding (one to three
// blocks) in scratch. Each step runs every message that has blocks left for
// as many blocks as the shortest of them, so lanes stay full while messages
// are of similar length; the tables choose the backend for each step's
// number of messages.
typedef struct segment {
    const uint8_t *next; // next block of the current segment
    size_t left;         // blocks left in it
    size_t pad_blocks;   // of the padding segment
    int padding;         // in the padding segment now
} segment;

// Messages from..from + k, k <= TD_MANY_MAX_LANES.
static void hash_mixed_batch(const td_backend_row *given, td_alg alg, const messages *m,
                             size_t from, size_t k, uint8_t *out)
{
    const td_backend_row *first = row_for(given, alg, k, TD_BATCH_ANY);
    if (first->kind == TD_ROW_SINGLE) {
        one_at_a_time(first, alg, m, from, from + k, out);
        return;
    }
    const td_alg_info *info = td_alg_info_of(alg);
    const td_family family = info->family;
    const size_t block_size = info->block_size;
    _Alignas(64) lane_state states[TD_MANY_MAX_LANES];
    _Alignas(64) uint8_t padding[TD_MANY_MAX_LANES][TD_PAD_BUFFER_SIZE];
    segment seg[TD_MANY_MAX_LANES];

    for (size_t i = 0; i < k; i++) {
        const uint8_t *msg = msg_at(m, from + i);
        const size_t len = len_at(m, from + i), body = len / block_size;
        const uint8_t *tail = body != 0 ? msg + body * block_size : msg;
        core_state_start(alg, &states[i]);
        const size_t npad = td_pad(alg, padding[i], tail, len - body * block_size,
                                   (uint64_t)len, 0);
        seg[i] = body != 0 ? (segment){ msg, body, npad, 0 } : (segment){ padding[i], npad, npad, 1 };
    }

    // Every entry set, though only the first count are read: clang's
    // analyser cannot follow td_row_batch's bound and sees the rest read.
    size_t active[TD_MANY_MAX_LANES], count = k;
    for (size_t i = 0; i < TD_MANY_MAX_LANES; i++)
        active[i] = i;
    while (count != 0) {
        size_t step = SIZE_MAX;
        for (size_t j = 0; j < count; j++)
            if (seg[active[j]].left < step)
                step = seg[active[j]].left;
        // The step's messages, as many at a time as each chosen row takes.
        for (size_t done = 0; done < count;) {
            const td_backend_row *row = row_for(given, alg, count - done, TD_BATCH_ANY);
            const size_t take = td_row_batch(row, count - done);
            lane_state *s[TD_MANY_MAX_LANES];
            const uint8_t *blocks[TD_MANY_MAX_LANES];
            for (size_t j = 0; j < take; j++) {
                s[j] = &states[active[done + j]];
                blocks[j] = seg[active[done + j]].next;
            }
            compress(row, family, block_size, s, blocks, take, step, NULL, 0, NULL);
            done += take;
        }
        size_t still = 0;
        for (size_t j = 0; j < count; j++) {
            segment *g = &seg[active[j]];
            g->left -= step;
            g->next += step * block_size;
            if (g->left == 0 && !g->padding)
                *g = (segment){ padding[active[j]], g->pad_blocks, g->pad_blocks, 1 };
            if (g->left != 0)
                active[still++] = active[j];
        }
        count = still;
    }

    for (size_t i = 0; i < k; i++) {
        lane_digest(alg, &states[i], out + (from + i) * info->digest_size);
        td_wipe(padding[i], seg[i].pad_blocks * block_size);
    }
    td_wipe(states, k * sizeof states[0]);
}

// ------------------------------------------------------------ entry points

// n messages: one at a time where that is the choice for the whole call (as
// good as a loop of the typed one-shot), in lockstep where m has one length
// for all, in batches of mixed lengths otherwise.
static void hash_messages(const td_backend_row *given, td_alg alg, size_t n, const messages *m,
                          uint8_t *out)
{
    if (m->lens == NULL) {
        hash_equal(given, alg, n, m, out);
        return;
    }
    if (n <= TD_MANY_MAX_LANES) {
        const td_backend_row *first = row_for(given, alg, n, TD_BATCH_ANY);
        if (first->kind == TD_ROW_SINGLE) {
            one_at_a_time(first, alg, m, 0, n, out);
            return;
        }
    }
    for (size_t i = 0; i < n; i += TD_MANY_MAX_LANES)
        hash_mixed_batch(given, alg, m, i, n - i < TD_MANY_MAX_LANES ? n - i : TD_MANY_MAX_LANES,
                         out);
}

// Equal lengths take the lockstep path, as td_hash_many_fixed's do.
static void hash_many_lengths(const td_backend_row *row, td_alg alg, size_t n,
                              const void *const *data, const size_t *lens, int equal,
                              uint8_t *out)
{
    const messages m = { data, NULL, equal ? NULL : lens, lens[0] };
    hash_messages(row, alg, n, &m, out);
}

void td_hash_many_with(const td_backend_row *row, td_alg alg, size_t n,
                       const void *const *data, const size_t *lens, uint8_t *out)
{
    size_t equal = 1;
    while (equal < n && lens[equal] == lens[0])
        equal++;
    hash_many_lengths(row, alg, n, data, lens, equal == n, out);
}

void td_hash_many_fixed_with(const td_backend_row *row, td_alg alg, size_t n,
                             const uint8_t *data, size_t len, uint8_t *out)
{
    const messages m = { NULL, data, NULL, len };
    hash_messages(row, alg, n, &m, out);
}

// A lone message, arguments checked, on the first call for it or where the
// tables take it in lanes.
static TD_NOINLINE int hash_lone_otherwise(td_alg alg, const void *data, size_t len,
                                          uint8_t *out)
{
    const td_backend_row *row = td_many_row_for(alg, 1, TD_BATCH_ANY);
    if (row->kind == TD_ROW_SINGLE)
        return td_hash_with(row, alg, data, len, out);
    const size_t lens[1] = { len };
    hash_many_lengths(NULL, alg, 1, &data, lens, 1, out);
    return TD_OK;
}

// A lone message, arguments checked: where the tables take one at a time,
// straight to the typed one-shot's code. Each step ends in a jump, so that
// no register is saved on the way (the notes' "64-byte messages to digests,
// the lone message").
static TD_NOINLINE int hash_lone(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    const td_backend_row *row = td_many_row_made(alg, 1, TD_BATCH_ANY);
    if (row == NULL || row->kind != TD_ROW_SINGLE)
        return hash_lone_otherwise(alg, data, len, out);
    return td_hash_with(row, alg, data, len, out);
}

// Whether a * b fits in a size_t, and then *product. Without a division
// where the compiler has a builtin: a 64-bit DIV takes a tenth of a 64-byte
// message's time.
static inline int size_product(size_t a, size_t b, size_t *product)
{
#if defined(__GNUC__) || defined(__clang__)
    return !__builtin_mul_overflow(a, b, product);
#else
    if (b != 0 && a > SIZE_MAX / b)
        return 0;
    *product = a * b;
    return 1;
#endif
}

// TD_ERR_ARG for a message with bytes but no pointer, TD_ERR_LENGTH for one
// longer than alg allows, else TD_OK.
static int message_status(td_alg alg, const void *data, size_t len)
{
    if (data == NULL && len != 0)
        return TD_ERR_ARG;
    return td_len_allowed(alg, len) ? TD_OK : TD_ERR_LENGTH;
}

// n >= 2 messages, screened in one pass without branches (a few cycles a
// message here are a few percent of a 64-byte one) and
// checked in order only where it finds a fault; the same pass finds whether
// all lengths are equal.
static TD_NOINLINE int hash_screened(td_alg alg, size_t n, const void *const *data,
                                     const size_t *lens, uint8_t *out)
{
    int missing = 0;
    size_t longest = 0, differ = 0;
    for (size_t i = 0; i < n; i++) {
        missing |= (data[i] == NULL) & (lens[i] != 0);
        longest = lens[i] > longest ? lens[i] : longest;
        differ |= lens[i] ^ lens[0];
    }
    if (missing || !td_len_allowed(alg, longest)) {
        for (size_t i = 0; i < n; i++) {
            const int status = message_status(alg, data[i], lens[i]);
            if (status != TD_OK)
                return status;
        }
    }
    hash_many_lengths(NULL, alg, n, data, lens, differ == 0, out);
    return TD_OK;
}

int td_hash_many(td_alg alg, size_t n, const void *const *data, const size_t *lens, void *out)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT)
        return TD_ERR_ARG;
    if (n == 0)
        return TD_OK;
    if (data == NULL || lens == NULL || out == NULL)
        return TD_ERR_ARG;
    // Every message is checked before any digest is written, and the first
    // fault in order is reported. A lone message is checked straight away:
    // a screening pass costs it more than it saves (the notes, as above).
    if (n == 1) {
        const int status = message_status(alg, data[0], lens[0]);
        return status != TD_OK ? status : hash_lone(alg, data[0], lens[0], out);
    }
    return hash_screened(alg, n, data, lens, out);
}

int td_hash_many_fixed(td_alg alg, size_t n, const void *data, size_t len, void *out)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT)
        return TD_ERR_ARG;
    if (n == 0)
        return TD_OK;
    if (out == NULL || (data == NULL && len != 0))
        return TD_ERR_ARG;
    // The messages must fit in the address space: n * len bytes from data.
    size_t total;
    if (!size_product(n, len, &total) || (uintptr_t)data > UINTPTR_MAX - total)
        return TD_ERR_ARG;
    if (!td_len_allowed(alg, len))
        return TD_ERR_LENGTH;
    if (n == 1)
        return hash_lone(alg, data, len, out);
    td_hash_many_fixed_with(NULL, alg, n, data, len, out);
    return TD_OK;
}
