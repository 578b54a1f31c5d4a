// SPDX-License-Identifier: Apache-2.0
// HKDF (RFC 5869): extract a pseudorandom key, then expand it.

#include <string.h>

#include "td_internal.h"
#include "wipe.h"

int td_hkdf(td_alg alg, const void *salt, size_t salt_len, const void *ikm, size_t ikm_len,
            const void *info, size_t info_len, void *out, size_t out_len)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT || (salt == NULL && salt_len != 0) ||
        (ikm == NULL && ikm_len != 0) || (info == NULL && info_len != 0) ||
        (out == NULL && out_len != 0))
        return TD_ERR_ARG;
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    // The block counter is one byte: at most 255 blocks of output.
    if (out_len > 255 * digest_size)
        return TD_ERR_ARG;

    // Extract: PRK = HMAC(salt, IKM); no salt means digest_size zero bytes,
    // which HMAC's zero padding of the key makes the same as an empty key.
    uint8_t prk[TD_MAX_DIGEST_SIZE];
    int status = td_hmac(alg, salt, salt_len, ikm, ikm_len, prk);
    if (status != TD_OK)
        return status;

    // Expand: T(i) = HMAC(PRK, T(i-1) | info | i), keyed once.
    td_hmac_ctx keyed, ctx;
    td_hmac_init(&keyed, alg, prk, digest_size);
    uint8_t t[TD_MAX_DIGEST_SIZE];
    uint8_t *dst = out;
    for (size_t done = 0, i = 1; done < out_len; i++) {
        ctx = keyed;
        if (i > 1)
            td_hmac_update(&ctx, t, digest_size);
        status = td_hmac_update(&ctx, info, info_len);
        if (status != TD_OK)
            break;
        const uint8_t counter = (uint8_t)i;
        td_hmac_update(&ctx, &counter, 1);
        td_hmac_final(&ctx, t);
        const size_t take = out_len - done < digest_size ? out_len - done : digest_size;
        memcpy(dst + done, t, take);
        done += take;
    }
    td_wipe(prk, sizeof prk);
    td_wipe(t, sizeof t);
    td_wipe(&keyed, sizeof keyed);
    td_wipe(&ctx, sizeof ctx);
    return status;
}
