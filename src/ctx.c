// SPDX-License-Identifier: Apache-2.0
// The one buffering and padding layer: every algorithm streams through here,
// and a backend only ever sees whole blocks.

// Generic code must run on every CPU the library may meet: an instruction-set
// flag here is a mistake, unless the whole build targets CPUs that have it.
#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "ctx.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <string.h>

#include "ctx_core.h"

_Static_assert(sizeof(td_ctx) == 400, "td_ctx size is part of the ABI");
_Static_assert(_Alignof(td_ctx) == _Alignof(uint64_t), "td_ctx alignment is part of the ABI");
_Static_assert(sizeof(td_hmac_ctx) == 2 * sizeof(td_ctx), "td_hmac_ctx is two contexts");

// The core for the rest of the library (many.c, hmac.c, selftest.c).

void td_ctx_start(td_ctx *ctx, td_alg alg)
{
    core_start(ctx, alg);
}

void td_ctx_blocks(const td_backend_row *row, td_ctx *ctx, const uint8_t *data, size_t nblocks)
{
    core_blocks(row, (td_alg)ctx->td_alg, ctx, data, nblocks);
}

size_t td_pad(td_alg alg, uint8_t *block, const uint8_t *tail, size_t tail_len,
              uint64_t total_lo, uint64_t total_hi)
{
    return core_pad_alg(alg, block, tail, tail_len, total_lo, total_hi);
}

void td_ctx_digest(const td_ctx *ctx, uint8_t *out)
{
    core_digest((td_alg)ctx->td_alg, ctx, out);
}

void td_ctx_finish(const td_backend_row *row, td_ctx *ctx, const uint8_t *tail, size_t tail_len,
                   uint8_t *out)
{
    core_finish(row, (td_alg)ctx->td_alg, ctx, tail, tail_len, out);
}

// td_update's work once its arguments are checked (td_ctx_feed).
static TD_ALWAYS_INLINE void feed(td_ctx *ctx, const uint8_t *data, size_t len)
{
    const uint64_t before = ctx->td_bytes_lo;
    ctx->td_bytes_lo += (uint64_t)len;
    ctx->td_bytes_hi += ctx->td_bytes_lo < before; // carry

    const size_t block_size = td_alg_info_of((td_alg)ctx->td_alg)->block_size;
    const td_backend_row *row = td_backend_row_for((td_alg)ctx->td_alg, TD_SINGLE);
    const uint8_t *p = data;

    // Top up a partial block first.
    if (ctx->td_buf_len != 0) {
        const size_t room = block_size - ctx->td_buf_len;
        const size_t take = len < room ? len : room;
        memcpy(ctx->td_buf + ctx->td_buf_len, p, take);
        ctx->td_buf_len += (uint32_t)take;
        p += take;
        len -= take;
        if (ctx->td_buf_len < block_size)
            return;
        td_ctx_blocks(row, ctx, ctx->td_buf, 1);
        ctx->td_buf_len = 0;
    }
    // Every whole block in one call, straight from the caller's memory.
    const size_t nblocks = len / block_size;
    if (nblocks != 0) {
        td_ctx_blocks(row, ctx, p, nblocks);
        p += nblocks * block_size;
        len -= nblocks * block_size;
    }
    if (len != 0) {
        memcpy(ctx->td_buf, p, len);
        ctx->td_buf_len = (uint32_t)len;
    }
}

void td_ctx_feed(td_ctx *ctx, const uint8_t *data, size_t len)
{
    feed(ctx, data, len);
}

// ------------------------------------------------------------ public entry

int td_ctx_live(const td_ctx *ctx)
{
    return core_live(ctx);
}

int td_init(td_ctx *ctx, td_alg alg)
{
    if (ctx == NULL || (unsigned)alg >= (unsigned)TD_ALG_COUNT)
        return TD_ERR_ARG;
    td_ctx_start(ctx, alg);
    return TD_OK;
}

int td_update(td_ctx *ctx, const void *data, size_t len)
{
    if (ctx == NULL)
        return TD_ERR_ARG;
    if (!td_ctx_live(ctx))
        return TD_ERR_STATE;
    // Nothing to add: return before touching data, which may be NULL here
    // (memcpy with a NULL pointer is undefined even for zero bytes).
    if (len == 0)
        return TD_OK;
    if (data == NULL)
        return TD_ERR_ARG;
    if (!core_len_allowed(ctx, len))
        return TD_ERR_LENGTH;
    feed(ctx, data, len);
    return TD_OK;
}


int td_final(td_ctx *ctx, void *out)
{
    if (ctx == NULL || out == NULL)
        return TD_ERR_ARG;
    if (!td_ctx_live(ctx))
        return TD_ERR_STATE;
    const td_backend_row *row = td_backend_row_for((td_alg)ctx->td_alg, TD_SINGLE);
    td_ctx_finish(row, ctx, ctx->td_buf, ctx->td_buf_len, out);
    td_wipe(ctx, sizeof *ctx); // also clears TD_CTX_LIVE
    return TD_OK;
}

int td_copy(td_ctx *dst, const td_ctx *src)
{
    if (dst == NULL || src == NULL)
        return TD_ERR_ARG;
    if (!td_ctx_live(src))
        return TD_ERR_STATE;
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
    return TD_OK;
}

int td_hash(td_alg alg, const void *data, size_t len, void *out)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT || out == NULL || (data == NULL && len != 0))
        return TD_ERR_ARG;
    if (!td_len_allowed(alg, len))
        return TD_ERR_LENGTH;
    return td_hash_with(td_backend_row_for(alg, TD_SINGLE), alg, data, len, out);
}
