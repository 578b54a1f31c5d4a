// SPDX-License-Identifier: Apache-2.0
// Many messages at once: lengths, padding and lane scheduling for the lanes
// backends, which only ever see whole blocks.

#include <string.h>

#include "td_internal.h"
#include "wipe.h"

// Messages are taken in batches of up to 16, the widest lane count (AVX-512
// with 32-bit words). Each message is two segments of whole blocks: its body
// straight from the caller's memory, then its last bytes with the padding
// (one or two blocks) in a scratch buffer. Each step runs every lane that has
// blocks left for as many blocks as the shortest of them, so lanes stay full
// while messages are of similar length.
#define TD_MANY_BATCH 16

typedef struct lane {
    const uint8_t *next;   // next block of the current segment
    size_t left;           // blocks left in it
    int segment;           // 0 body, 1 padding, 2 done
    size_t pad_blocks;     // 1 or 2
} lane;

static void run_lanes(const td_backend_row *row, td_family family, td_ctx *ctxs,
                      const size_t *active, size_t count, const uint8_t *const *blocks,
                      size_t nblocks)
{
    switch (family) {
    case TD_FAMILY_MD5: {
        td_md5_state *states[TD_MANY_BATCH];
        for (size_t i = 0; i < count; i++)
            states[i] = &ctxs[active[i]].td_state.md5;
        row->blocks.md5_many(states, blocks, count, nblocks);
        break;
    }
    case TD_FAMILY_SHA1: {
        td_sha1_state *states[TD_MANY_BATCH];
        for (size_t i = 0; i < count; i++)
            states[i] = &ctxs[active[i]].td_state.sha1;
        row->blocks.sha1_many(states, blocks, count, nblocks);
        break;
    }
    case TD_FAMILY_SHA256: {
        td_sha256_state *states[TD_MANY_BATCH];
        for (size_t i = 0; i < count; i++)
            states[i] = &ctxs[active[i]].td_state.sha256;
        row->blocks.sha256_many(states, blocks, count, nblocks);
        break;
    }
    default: {
        td_sha512_state *states[TD_MANY_BATCH];
        for (size_t i = 0; i < count; i++)
            states[i] = &ctxs[active[i]].td_state.sha512;
        row->blocks.sha512_many(states, blocks, count, nblocks);
        break;
    }
    }
}

static void hash_batch(const td_backend_row *row, td_alg alg, size_t k,
                       const void *const *data, const size_t *lens, uint8_t *out)
{
    const td_alg_info *info = td_alg_info_of(alg);
    const size_t block_size = info->block_size;
    td_ctx ctxs[TD_MANY_BATCH];
    uint8_t padding[TD_MANY_BATCH][TD_PAD_BUFFER_SIZE];
    lane lanes[TD_MANY_BATCH];

    for (size_t i = 0; i < k; i++) {
        const uint8_t *msg = data[i];
        const size_t body = lens[i] / block_size;
        // msg may be NULL when its length is 0, and NULL + 0 is undefined.
        const uint8_t *tail = body != 0 ? msg + body * block_size : msg;
        td_ctx_start(&ctxs[i], alg);
        const size_t npad = td_pad(info->family, padding[i], tail, lens[i] - body * block_size,
                                   (uint64_t)lens[i], 0);
        lanes[i] = body != 0 ? (lane){ msg, body, 0, npad } : (lane){ padding[i], npad, 1, npad };
    }

    for (;;) {
        size_t active[TD_MANY_BATCH];
        const uint8_t *blocks[TD_MANY_BATCH];
        size_t count = 0, step = SIZE_MAX;
        for (size_t i = 0; i < k; i++) {
            if (lanes[i].segment == 2)
                continue;
            active[count] = i;
            blocks[count] = lanes[i].next;
            count++;
            if (lanes[i].left < step)
                step = lanes[i].left;
        }
        if (count == 0)
            break;
        run_lanes(row, info->family, ctxs, active, count, blocks, step);
        for (size_t j = 0; j < count; j++) {
            lane *l = &lanes[active[j]];
            l->left -= step;
            l->next += step * block_size;
            if (l->left == 0) {
                if (l->segment == 0)
                    *l = (lane){ padding[active[j]], l->pad_blocks, 1, l->pad_blocks };
                else
                    l->segment = 2;
            }
        }
    }

    for (size_t i = 0; i < k; i++)
        td_ctx_digest(&ctxs[i], out + i * info->digest_size);
    td_wipe(padding, sizeof padding);
    td_wipe(ctxs, sizeof ctxs);
}

void td_hash_many_with(const td_backend_row *row, td_alg alg, size_t n,
                       const void *const *data, const size_t *lens, uint8_t *out)
{
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    for (size_t i = 0; i < n; i += TD_MANY_BATCH) {
        const size_t k = n - i < TD_MANY_BATCH ? n - i : TD_MANY_BATCH;
        hash_batch(row, alg, k, data + i, lens + i, out + i * digest_size);
    }
}

int td_hash_many(td_alg alg, size_t n, const void *const *data, const size_t *lens, void *out)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT)
        return TD_ERR_ARG;
    if (n == 0)
        return TD_OK;
    if (data == NULL || lens == NULL || out == NULL)
        return TD_ERR_ARG;
    // Every message is checked before any digest is written.
    for (size_t i = 0; i < n; i++) {
        if (data[i] == NULL && lens[i] != 0)
            return TD_ERR_ARG;
        if (!td_len_allowed(alg, lens[i]))
            return TD_ERR_LENGTH;
    }
    td_hash_many_with(td_backend_row_for(alg, TD_MULTI), alg, n, data, lens, out);
    return TD_OK;
}
