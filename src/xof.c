// SPDX-License-Identifier: Apache-2.0
// SHAKE128 and SHAKE256 (FIPS 202 section 6.2): absorb through the one
// buffering layer (ctx.c), then squeeze any number of bytes in any pieces.

#include <assert.h>
#include <string.h>

#include "ctx_core.h"

// The stages of a td_xof, in its context's magic: neither is TD_CTX_LIVE,
// so the fixed-output calls refuse an xof's context.
#define TD_XOF_ABSORBING 0x74645841u // "tdXA"
#define TD_XOF_SQUEEZING 0x74645853u // "tdXS"

// Whether alg is SHAKE; *index its index.
static int shake_index(td_alg alg, td_alg *index)
{
    return (alg == TD_SHAKE128 || alg == TD_SHAKE256) && td_alg_index(alg, index);
}

int td_xof_init(td_xof *x, td_alg alg)
{
    td_alg index;
    if (x == NULL || !shake_index(alg, &index))
        return TD_ERR_ARG;
    td_ctx_start(&x->td_core, index);
    x->td_core.td_magic = TD_XOF_ABSORBING;
    return TD_OK;
}

// Whether x holds a SHAKE context at the given stage: absorbing, below a
// block buffered; squeezing, at most a block of output given out.
static int xof_at(const td_xof *x, uint32_t stage)
{
    const td_ctx *c = &x->td_core;
    if (c->td_magic != stage ||
        (c->td_alg != TD_SHAKE128_INDEX && c->td_alg != TD_SHAKE256_INDEX))
        return 0;
    const size_t rate = td_alg_info_of((td_alg)c->td_alg)->block_size;
    return stage == TD_XOF_ABSORBING ? c->td_buf_len < rate : c->td_buf_len <= rate;
}

int td_xof_absorb(td_xof *x, const void *data, size_t len)
{
    if (x == NULL)
        return TD_ERR_ARG;
    if (!xof_at(x, TD_XOF_ABSORBING))
        return TD_ERR_STATE;
    if (len == 0)
        return TD_OK;
    if (data == NULL)
        return TD_ERR_ARG;
    if (!core_len_allowed(&x->td_core, len))
        return TD_ERR_LENGTH;
    td_ctx_feed(&x->td_core, data, len);
    return TD_OK;
}

// Bytes from..from + n of the state, as FIPS 202 reads the lanes: each
// little-endian.
static void state_bytes(const td_sha3_state *s, size_t from, uint8_t *out, size_t n)
{
#if defined(TD_BYTES_BSWAP_STORES) // a little-endian host: the lanes are those bytes
    memcpy(out, (const uint8_t *)s->a + from, n);
#else
    while (n != 0) {
        const size_t lane = from / 8, at = from % 8;
        const size_t take = 8 - at < n ? 8 - at : n;
        if (take == 8) {
            store_le64(out, s->a[lane]);
        } else {
            uint8_t bytes[8];
            store_le64(bytes, s->a[lane]);
            memcpy(out, bytes + at, take);
        }
        out += take;
        from += take;
        n -= take;
    }
#endif
}

int td_xof_squeeze(td_xof *x, void *out, size_t len)
{
    if (x == NULL || (out == NULL && len != 0))
        return TD_ERR_ARG;
    const int absorbing = xof_at(x, TD_XOF_ABSORBING);
    if (!absorbing && !xof_at(x, TD_XOF_SQUEEZING))
        return TD_ERR_STATE;
    td_ctx *c = &x->td_core;
    const td_alg alg = (td_alg)c->td_alg;
    const size_t rate = td_alg_info_of(alg)->block_size;
    assert(rate != 0); // SHAKE128's 168 bytes, SHAKE256's 136
    const td_backend_row *row = td_backend_row_for(alg, TD_SINGLE);
    if (absorbing) {
        // The padded last block; the first output is the state it leaves.
        uint8_t block[TD_PAD_BUFFER_SIZE];
        td_pad(alg, block, c->td_buf, c->td_buf_len, 0, 0);
        td_ctx_blocks(row, c, block, 1);
        td_wipe(block, rate);
        td_wipe(c->td_buf, c->td_buf_len);
        c->td_magic = TD_XOF_SQUEEZING;
        c->td_buf_len = 0; // now: the bytes of this block of output given out
    }
    // A block of zeros absorbed is the bare permutation between output
    // blocks; whole blocks go through the row's squeeze where it has one.
    static const uint8_t zeros[TD_MAX_BLOCK_SIZE];
    uint8_t *p = out;
    while (len != 0) {
        if (c->td_buf_len == rate) {
            // (rate is not 0, asserted above; clang's analyser loses that
            // through the uint32_t buffer count it compares with.)
            const size_t whole = len / rate; // NOLINT(clang-analyzer-core.DivideZero)
            if (whole != 0 && row->squeeze != NULL) {
                row->squeeze(&c->td_state.sha3, p, whole, rate);
                p += whole * rate;
                len -= whole * rate;
                continue; // the last block stays all given out
            }
            td_ctx_blocks(row, c, zeros, 1);
            c->td_buf_len = 0;
        }
        const size_t take = rate - c->td_buf_len < len ? rate - c->td_buf_len : len;
        state_bytes(&c->td_state.sha3, c->td_buf_len, p, take);
        c->td_buf_len += (uint32_t)take;
        p += take;
        len -= take;
    }
    return TD_OK;
}

int td_shake(td_alg alg, const void *data, size_t len, void *out, size_t out_len)
{
    td_alg index;
    if (!shake_index(alg, &index) || (data == NULL && len != 0) || (out == NULL && out_len != 0))
        return TD_ERR_ARG;
    td_xof x;
    td_xof_init(&x, alg);
    int status = td_xof_absorb(&x, data, len);
    if (status == TD_OK)
        status = td_xof_squeeze(&x, out, out_len);
    td_wipe(&x, sizeof x);
    return status;
}
