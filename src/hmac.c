// SPDX-License-Identifier: Apache-2.0
// HMAC (RFC 2104) over any of the algorithms.

#include <string.h>

#include "td_internal.h"
#include "wipe.h"

int td_hmac_init(td_hmac_ctx *ctx, td_alg alg, const void *key, size_t key_len)
{
    if (ctx == NULL || (unsigned)alg >= (unsigned)TD_ALG_COUNT || (key == NULL && key_len != 0))
        return TD_ERR_ARG;
    const size_t block_size = td_alg_info_of(alg)->block_size;

    // A key longer than a block is replaced by its digest; a shorter one is
    // padded with zeros to a whole block.
    uint8_t k[TD_MAX_BLOCK_SIZE] = { 0 };
    if (key_len > block_size) {
        const int status = td_hash(alg, key, key_len, k);
        if (status != TD_OK)
            return status;
    } else if (key_len != 0) {
        memcpy(k, key, key_len);
    }

    // The inner and outer contexts each absorb one padded key block now, so a
    // copy of ctx made here serves any number of messages under this key.
    uint8_t pad[TD_MAX_BLOCK_SIZE];
    for (size_t i = 0; i < block_size; i++)
        pad[i] = (uint8_t)(k[i] ^ 0x36);
    td_ctx_start(&ctx->td_inner, alg);
    td_update(&ctx->td_inner, pad, block_size);
    for (size_t i = 0; i < block_size; i++)
        pad[i] = (uint8_t)(k[i] ^ 0x5c);
    td_ctx_start(&ctx->td_outer, alg);
    td_update(&ctx->td_outer, pad, block_size);

    td_wipe(k, sizeof k);
    td_wipe(pad, sizeof pad);
    return TD_OK;
}

static int hmac_live(const td_hmac_ctx *ctx)
{
    return td_ctx_live(&ctx->td_inner) && td_ctx_live(&ctx->td_outer) &&
           ctx->td_inner.td_alg == ctx->td_outer.td_alg;
}

int td_hmac_update(td_hmac_ctx *ctx, const void *data, size_t len)
{
    if (ctx == NULL)
        return TD_ERR_ARG;
    if (!hmac_live(ctx))
        return TD_ERR_STATE;
    return td_update(&ctx->td_inner, data, len);
}

int td_hmac_final(td_hmac_ctx *ctx, void *out)
{
    if (ctx == NULL || out == NULL)
        return TD_ERR_ARG;
    if (!hmac_live(ctx))
        return TD_ERR_STATE;
    const size_t digest_size = td_alg_info_of((td_alg)ctx->td_inner.td_alg)->digest_size;
    uint8_t inner[TD_MAX_DIGEST_SIZE];
    td_final(&ctx->td_inner, inner);
    td_update(&ctx->td_outer, inner, digest_size);
    td_final(&ctx->td_outer, out);
    td_wipe(inner, sizeof inner);
    td_wipe(ctx, sizeof *ctx);
    return TD_OK;
}

int td_hmac(td_alg alg, const void *key, size_t key_len, const void *msg, size_t len, void *out)
{
    if (out == NULL)
        return TD_ERR_ARG;
    td_hmac_ctx ctx;
    int status = td_hmac_init(&ctx, alg, key, key_len);
    if (status == TD_OK)
        status = td_hmac_update(&ctx, msg, len);
    if (status == TD_OK)
        return td_hmac_final(&ctx, out);
    td_wipe(&ctx, sizeof ctx);
    return status;
}
