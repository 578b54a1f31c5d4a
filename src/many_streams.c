// SPDX-License-Identifier: Apache-2.0
// Many streams at once: td_update_many, td_final_many and their HMAC pair.
// Each stream's partial block is topped up and its tail kept as td_update
// does; the whole blocks of all the streams go through the many path side by
// side, in groups of streams with like amounts of data left.

#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "many_streams.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <stdbool.h>
#include <string.h>

#include "ctx_core.h"
#include "many_compress.h"
#include "many_row.h"
#include "shared_block.h"

// Streams planned in one round: their plans and pointers live on the stack
// (about 3 KiB); more streams go through in rounds of this many.
#define STREAMS_AT_ONCE 64

// Streams finished in one round: each needs room for its padded last blocks.
#define FINALS_AT_ONCE 32

// What is left to compress of one stream: first (the context's own buffer,
// filled up to a whole block), then blocks whole blocks at next.
typedef struct stream {
    td_ctx *ctx;
    const uint8_t *first;           // NULL when the buffer holds no whole block
    const uint8_t *next;
    size_t blocks;
} stream;

// The whole blocks in len bytes: by a shift, not a division, for the 64-
// and 128-byte blocks of MD5 to SHA-512; Keccak's rates divide.
static size_t blocks_in(td_alg alg, size_t len)
{
    const size_t block_size = td_alg_info_of(alg)->block_size;
    return block_size == 64 ? len >> 6 : block_size == 128 ? len >> 7 : len / block_size;
}

#define CTX_STATE(fam, i) (&ctxs[i]->td_state.fam)

// One call of row over the states of ctxs[0 .. k).
static TD_ALWAYS_INLINE void compress_group(const td_backend_row *row, td_family family,
                                            td_ctx *const *ctxs, size_t k,
                                            const uint8_t *const *data, size_t nblocks,
                                            const uint8_t *const *tail, size_t ntail)
{
    const td_shared_block *last = NULL;
    switch (family) {
    case TD_FAMILY_MD5:    TD_COMPRESS_FAMILY(md5, CTX_STATE); break;
    case TD_FAMILY_SHA1:   TD_COMPRESS_FAMILY(sha1, CTX_STATE); break;
    case TD_FAMILY_SHA256: TD_COMPRESS_FAMILY(sha256, CTX_STATE); break;
    case TD_FAMILY_SHA3: {
        const size_t rate = td_alg_info_of((td_alg)ctxs[0]->td_alg)->block_size;
        TD_COMPRESS_SHA3(CTX_STATE);
        break;
    }
    default:               TD_COMPRESS_FAMILY(sha512, CTX_STATE); break;
    }
}

// The order groups are taken in: streams whose buffer is due first (their
// calls take it before their other blocks), then most blocks left first, so
// that a group's streams have like amounts and few lanes idle.
static bool goes_before(const stream *a, const stream *b)
{
    if ((a->first != NULL) != (b->first != NULL))
        return a->first != NULL;
    return a->blocks > b->blocks;
}

static void sort_streams(stream **s, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        stream *x = s[i];
        size_t j = i;
        for (; j > 0 && goes_before(x, s[j - 1]); j--)
            s[j] = s[j - 1];
        s[j] = x;
    }
}

// How many of left streams row takes in one call: as for td_hash_many
// (td_row_batch), but a single-path row takes them all, one after another.
static size_t group_size(const td_backend_row *row, size_t left)
{
    if (row->kind == TD_ROW_SINGLE)
        return left <= TD_MANY_MAX_LANES ? left : TD_MANY_MAX_LANES;
    return td_row_batch(row, left);
}

// The rules to ask for streams with nblocks blocks left each: a block or
// two go by those for a Merkle level's nodes (two blocks each), whose rows
// take short messages best; more by those for any batch.
static td_batch_shape shape_for(size_t nblocks)
{
    return nblocks <= 2 ? TD_BATCH_NODES : TD_BATCH_ANY;
}

// One call of the row chosen for count streams (or the pinned one) over the
// first streams of going, as many as it takes and as like going[0] in what
// they hold (going is sorted); returns how many it took and the blocks each
// compressed.
static size_t compress_front(td_alg alg, stream *const *going, size_t count, size_t *taken)
{
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t most = (going[0]->first != NULL) + going[0]->blocks;
    const td_backend_row *row = td_many_row_for(alg, count, shape_for(most));
    size_t k = group_size(row, count);
    const bool buffered = going[0]->first != NULL;
    if (buffered)
        while (going[k - 1]->first == NULL)
            k--;
    // The fewest blocks of the group: the sort put them last.
    const size_t m = going[k - 1]->blocks;

    td_ctx *ctxs[TD_MANY_MAX_LANES];
    const uint8_t *first[TD_MANY_MAX_LANES], *next[TD_MANY_MAX_LANES];
    for (size_t i = 0; i < k; i++) {
        // going[0 .. count) are set, and k <= count.
        ctxs[i] = going[i]->ctx; // NOLINT(clang-analyzer-core.NullDereference)
        first[i] = going[i]->first;
        next[i] = going[i]->next;
    }
    if (buffered)
        compress_group(row, info->family, ctxs, k, first, 1, next, m);
    else
        compress_group(row, info->family, ctxs, k, next, m, NULL, 0);
    *taken = m;
    return k;
}

// Compresses everything the n plans hold, the many path's row chosen for
// the number of streams still going (or the pinned one) at each step.
static void compress_streams(td_alg alg, stream *plans, size_t n)
{
    const size_t block_size = td_alg_info_of(alg)->block_size;
    stream *going[STREAMS_AT_ONCE];
    size_t count = 0;
    bool alike = true;
    for (size_t i = 0; i < n; i++) {
        if (plans[i].first == NULL && plans[i].blocks == 0)
            continue;
        going[count] = &plans[i];
        alike = alike && (plans[i].first != NULL) == (going[0]->first != NULL) &&
                plans[i].blocks == going[0]->blocks;
        count++;
    }
    // Streams that all hold the same work (chunks of one size): group by
    // group in order, each group's call finishing its streams.
    if (alike) {
        for (size_t at = 0, m; at < count;)
            at += compress_front(alg, going + at, count - at, &m);
        return;
    }
    while (count != 0) {
        sort_streams(going, count);
        size_t m;
        const size_t k = compress_front(alg, going, count, &m);
        for (size_t i = 0; i < k; i++) {
            stream *s = going[i];
            s->first = NULL;
            s->blocks -= m;
            if (m != 0)
                s->next += m * block_size;
        }
        size_t kept = 0;
        for (size_t i = 0; i < count; i++)
            if (going[i]->first != NULL || going[i]->blocks != 0)
                going[kept++] = going[i];
        count = kept;
    }
}

// td_update for n checked streams that each get nblocks whole blocks and
// hold no partial one (chunks of one size, a multiple of the block: reads
// of files, say): no buffer to top up or tail to keep, so straight to the
// row's calls, group by group.
static TD_ALWAYS_INLINE void update_whole_blocks(td_ctx *const *ctxs, const void *const *data,
                                                 size_t n, size_t nblocks)
{
    const td_alg alg = (td_alg)ctxs[0]->td_alg;
    const td_alg_info *info = td_alg_info_of(alg);
    const uint64_t len = (uint64_t)nblocks * info->block_size;
    for (size_t at = 0; at < n;) {
        const td_backend_row *row = td_many_row_for(alg, n - at, shape_for(nblocks));
        const size_t k = group_size(row, n - at);
        const uint8_t *p[TD_MANY_MAX_LANES];
        // The counts in the loop that takes the pointers: with a few
        // streams a call's own work is a part of its time (a copy alone
        // becomes a call of memcpy).
        for (size_t i = 0; i < k; i++) {
            td_ctx *ctx = ctxs[at + i];
            ctx->td_bytes_lo += len;
            ctx->td_bytes_hi += ctx->td_bytes_lo < len; // carry
            p[i] = data[at + i];
        }
        compress_group(row, info->family, ctxs + at, k, p, nblocks, NULL, 0);
        at += k;
    }
}

// td_update for n <= STREAMS_AT_ONCE checked streams, their blocks side by
// side.
static void update_streams(td_ctx *const *ctxs, const void *const *data, const size_t *lens,
                           size_t n)
{
    const td_alg alg = (td_alg)ctxs[0]->td_alg;
    const size_t block_size = td_alg_info_of(alg)->block_size;
    stream plans[STREAMS_AT_ONCE];
    const uint8_t *tails[STREAMS_AT_ONCE];
    size_t tail_lens[STREAMS_AT_ONCE];

    for (size_t i = 0; i < n; i++) {
        td_ctx *ctx = ctxs[i];
        const uint8_t *p = data[i];
        size_t len = lens[i];
        plans[i] = (stream){ .ctx = ctx };
        tails[i] = NULL;
        tail_lens[i] = 0;
        if (len == 0)
            continue;
        const uint64_t before = ctx->td_bytes_lo;
        ctx->td_bytes_lo += (uint64_t)len;
        ctx->td_bytes_hi += ctx->td_bytes_lo < before; // carry

        // Top up a partial block first; a full one is compressed first.
        if (ctx->td_buf_len != 0) {
            const size_t room = block_size - ctx->td_buf_len;
            const size_t take = len < room ? len : room;
            memcpy(ctx->td_buf + ctx->td_buf_len, p, take);
            ctx->td_buf_len += (uint32_t)take;
            len -= take;
            if (ctx->td_buf_len < block_size)
                continue;
            plans[i].first = ctx->td_buf;
            if (len == 0)
                continue;
            p += take;
        }
        const size_t whole = blocks_in(alg, len);
        plans[i].next = p;
        plans[i].blocks = whole;
        tails[i] = p + whole * block_size;
        tail_lens[i] = len - whole * block_size;
    }

    compress_streams(alg, plans, n);

    for (size_t i = 0; i < n; i++) {
        td_ctx *ctx = ctxs[i];
        if (ctx->td_buf_len == block_size)
            ctx->td_buf_len = 0;
        if (tail_lens[i] != 0) {
            memcpy(ctx->td_buf, tails[i], tail_lens[i]);
            ctx->td_buf_len = (uint32_t)tail_lens[i];
        }
    }
}

// td_final for n <= FINALS_AT_ONCE checked streams: their padded last
// blocks side by side, digest i to out + i * digest_size, then each context
// wiped.
static void final_streams(td_ctx *const *ctxs, size_t n, uint8_t *out)
{
    const td_alg alg = (td_alg)ctxs[0]->td_alg;
    const td_alg_info *info = td_alg_info_of(alg);
    uint8_t pads[FINALS_AT_ONCE][TD_PAD_BUFFER_SIZE];
    stream plans[FINALS_AT_ONCE];

    for (size_t i = 0; i < n; i++) {
        td_ctx *ctx = ctxs[i];
        const size_t nblocks = td_pad(alg, pads[i], ctx->td_buf, ctx->td_buf_len,
                                      ctx->td_bytes_lo, ctx->td_bytes_hi);
        plans[i] = (stream){ .ctx = ctx, .next = pads[i], .blocks = nblocks };
    }
    compress_streams(alg, plans, n);
    for (size_t i = 0; i < n; i++) {
        td_ctx_digest(ctxs[i], out + i * info->digest_size);
        td_wipe(ctxs[i], sizeof *ctxs[i]); // also clears the live mark
    }
    td_wipe(pads, n * sizeof pads[0]);
}

// ------------------------------------------------------------------ checks

// The context that stream i's data goes to: ctxs[i], or the inner context
// of hmacs[i]. Exactly one of the arrays is given.
static td_ctx *stream_ctx(td_ctx *const *ctxs, td_hmac_ctx *const *hmacs, size_t i)
{
    if (ctxs != NULL)
        return ctxs[i];
    return hmacs[i] != NULL ? &hmacs[i]->td_inner : NULL;
}

// Marks a context met earlier in the same call (td_reserved, otherwise 0),
// so that a context given twice is found in one pass.
#define SEEN_MARK 0x74645345u // "tdSE"

// Up to this many streams, a context given twice is looked for pair by pair:
// fewer steps than marking and unmarking each (with a few streams, a call's
// own work is a part of its time).
#define PAIRWISE_UP_TO 4

// Whether a context is given twice among the n streams.
static TD_ALWAYS_INLINE bool any_twice(size_t n, td_ctx *const *ctxs, td_hmac_ctx *const *hmacs)
{
    if (n <= PAIRWISE_UP_TO) {
        for (size_t i = 1; i < n; i++)
            for (size_t j = 0; j < i; j++)
                if (stream_ctx(ctxs, hmacs, i) == stream_ctx(ctxs, hmacs, j))
                    return true;
        return false;
    }
    bool twice = false;
    size_t marked = 0;
    for (; marked < n; marked++) {
        td_ctx *ctx = stream_ctx(ctxs, hmacs, marked);
        if (ctx->td_reserved == SEEN_MARK) {
            twice = true;
            break;
        }
        ctx->td_reserved = SEEN_MARK;
    }
    for (size_t i = 0; i < marked; i++)
        stream_ctx(ctxs, hmacs, i)->td_reserved = 0;
    return twice;
}

static bool hmac_live(const td_hmac_ctx *ctx)
{
    return core_live(&ctx->td_inner) && core_live(&ctx->td_outer) &&
           ctx->td_inner.td_alg == ctx->td_outer.td_alg;
}

// Everything a call asks of its n >= 1 streams, before any is changed:
// contexts given, live and of one algorithm, each once; data given where
// lens[i] != 0 and within the algorithm's length limit (data NULL: a final).
// *whole (when not NULL) tells whether every chunk is the same number of
// whole blocks, into contexts holding no partial block.
static TD_ALWAYS_INLINE int check_streams(size_t n, td_ctx *const *ctxs,
                                          td_hmac_ctx *const *hmacs, const void *const *data,
                                          const size_t *lens, bool *whole)
{
    const td_ctx *first = stream_ctx(ctxs, hmacs, 0);
    if (first == NULL)
        return TD_ERR_ARG;
    // (An algorithm out of range is refused below; until then this lookup
    // stays inside the table.)
    const td_alg alg = first->td_alg < TD_ALG_COUNT ? (td_alg)first->td_alg : TD_MD5;
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t block_size = info->block_size;
    bool alike = data != NULL && lens[0] != 0 && blocks_in(alg, lens[0]) * block_size == lens[0];
    for (size_t i = 0; i < n; i++) {
        const td_ctx *ctx = stream_ctx(ctxs, hmacs, i);
        if (ctx == NULL)
            return TD_ERR_ARG;
        // Live with the first's algorithm; else whether it is live at all
        // says which error.
        if (!core_live_as(ctx, alg, block_size))
            return (hmacs != NULL ? hmac_live(hmacs[i]) : core_live(ctx)) ? TD_ERR_ARG
                                                                          : TD_ERR_STATE;
        if (hmacs != NULL && !hmac_live(hmacs[i]))
            return TD_ERR_STATE;
        if (data != NULL && lens[i] != 0) {
            if (data[i] == NULL)
                return TD_ERR_ARG;
            if (!core_len_allowed_in(info->family, ctx, lens[i]))
                return TD_ERR_LENGTH;
        }
        alike = alike && lens[i] == lens[0] && ctx->td_buf_len == 0;
    }
    if (whole != NULL)
        *whole = alike;
    return any_twice(n, ctxs, hmacs) ? TD_ERR_ARG : TD_OK;
}

// ------------------------------------------------------------ public entry

int td_update_many(size_t n, td_ctx *const *ctxs, const void *const *data, const size_t *lens)
{
    if (n == 0)
        return TD_OK;
    if (ctxs == NULL || data == NULL || lens == NULL)
        return TD_ERR_ARG;
    bool whole;
    const int status = check_streams(n, ctxs, NULL, data, lens, &whole);
    if (status != TD_OK)
        return status;
    if (whole) {
        update_whole_blocks(ctxs, data, n, blocks_in((td_alg)ctxs[0]->td_alg, lens[0]));
        return TD_OK;
    }
    for (size_t at = 0; at < n; at += STREAMS_AT_ONCE) {
        const size_t k = n - at < STREAMS_AT_ONCE ? n - at : STREAMS_AT_ONCE;
        update_streams(ctxs + at, data + at, lens + at, k);
    }
    return TD_OK;
}

int td_final_many(size_t n, td_ctx *const *ctxs, void *out)
{
    if (n == 0)
        return TD_OK;
    if (ctxs == NULL || out == NULL)
        return TD_ERR_ARG;
    const int status = check_streams(n, ctxs, NULL, NULL, NULL, NULL);
    if (status != TD_OK)
        return status;
    const size_t digest_size = td_alg_info_of((td_alg)ctxs[0]->td_alg)->digest_size;
    for (size_t at = 0; at < n; at += FINALS_AT_ONCE) {
        const size_t k = n - at < FINALS_AT_ONCE ? n - at : FINALS_AT_ONCE;
        final_streams(ctxs + at, k, (uint8_t *)out + at * digest_size);
    }
    return TD_OK;
}

int td_hmac_update_many(size_t n, td_hmac_ctx *const *ctxs, const void *const *data,
                        const size_t *lens)
{
    if (n == 0)
        return TD_OK;
    if (ctxs == NULL || data == NULL || lens == NULL)
        return TD_ERR_ARG;
    bool whole;
    const int status = check_streams(n, NULL, ctxs, data, lens, &whole);
    if (status != TD_OK)
        return status;
    const td_alg alg = (td_alg)ctxs[0]->td_inner.td_alg;
    for (size_t at = 0; at < n; at += STREAMS_AT_ONCE) {
        const size_t k = n - at < STREAMS_AT_ONCE ? n - at : STREAMS_AT_ONCE;
        td_ctx *inner[STREAMS_AT_ONCE];
        for (size_t i = 0; i < k; i++) // cppcheck-suppress knownConditionTrueFalse
            inner[i] = &ctxs[at + i]->td_inner;
        if (whole)
            update_whole_blocks(inner, data + at, k, blocks_in(alg, lens[0]));
        else
            update_streams(inner, data + at, lens + at, k);
    }
    return TD_OK;
}

int td_hmac_final_many(size_t n, td_hmac_ctx *const *ctxs, void *out)
{
    if (n == 0)
        return TD_OK;
    if (ctxs == NULL || out == NULL)
        return TD_ERR_ARG;
    const int status = check_streams(n, NULL, ctxs, NULL, NULL, NULL);
    if (status != TD_OK)
        return status;
    const size_t digest_size = td_alg_info_of((td_alg)ctxs[0]->td_inner.td_alg)->digest_size;
    uint8_t inner_digests[FINALS_AT_ONCE * TD_MAX_DIGEST_SIZE];
    for (size_t at = 0; at < n; at += FINALS_AT_ONCE) {
        const size_t k = n - at < FINALS_AT_ONCE ? n - at : FINALS_AT_ONCE;
        td_ctx *inner[FINALS_AT_ONCE], *outer[FINALS_AT_ONCE];
        const void *digests[FINALS_AT_ONCE];
        size_t lens[FINALS_AT_ONCE];
        for (size_t i = 0; i < k; i++) { // cppcheck-suppress knownConditionTrueFalse
            inner[i] = &ctxs[at + i]->td_inner;
            outer[i] = &ctxs[at + i]->td_outer;
            digests[i] = inner_digests + i * digest_size;
            lens[i] = digest_size;
        }
        // H(outer key block || H(inner key block || message)).
        final_streams(inner, k, inner_digests);
        update_streams(outer, digests, lens, k);
        final_streams(outer, k, (uint8_t *)out + at * digest_size);
    }
    td_wipe(inner_digests, sizeof inner_digests);
    return TD_OK;
}
