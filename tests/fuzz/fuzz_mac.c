/* SPDX-License-Identifier: Apache-2.0
 * HMAC and HKDF with the keys, salts, infos, messages and output lengths the
 * input gives, on one single-path backend the input picks, against the
 * reference HMAC (OpenSSL's HMAC(), or RFC 2104 over the portable backend
 * where the build has no OpenSSL), RFC 5869 built on it, and OpenSSL's own
 * HKDF where the build has it:
 *
 *  - td_hmac; td_hmac_init/update/final with the message in pieces; a
 *    td_hmac_ctx copied by assignment after init, used for the message and
 *    for its first half, the original finished last;
 *  - td_hkdf for out_len 0 .. 255 * HashLen + 256 (above 255 * HashLen
 *    TD_ERR_ARG, nothing written), with NULL for the empty salt, IKM or info; nothing is
 *    written past out_len.
 *
 * Input: alg, backend index, flags, key, salt and info lengths (each one
 * byte, up to 255), out_len (16 bits), split bytes count, then the key,
 * salt, info and split bytes, then the message.
 */
#include "fuzz.h"

#if TD_TEST_REF_IS_OPENSSL
#include <openssl/kdf.h>
#endif

enum { MAX_SPLITS = 16 };

// RFC 5869 over the reference HMAC. An absent salt is HashLen zero bytes,
// which HMAC's zero padding makes the same as an empty key.
static void ref_hkdf(td_alg alg, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                     size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *out,
                     size_t out_len)
{
    const size_t d = td_digest_size(alg);
    uint8_t prk[TD_MAX_DIGEST_SIZE], t[TD_MAX_DIGEST_SIZE];
    uint8_t *block = (uint8_t *)malloc(d + info_len + 1);
    FZ_CHECK(block != NULL, "malloc");
    ref_hmac(alg, salt, salt_len, ikm, ikm_len, prk);
    size_t done = 0, tlen = 0;
    for (unsigned i = 1; done < out_len; i++) {
        memcpy(block, t, tlen);
        if (info_len)
            memcpy(block + tlen, info, info_len);
        block[tlen + info_len] = (uint8_t)i;
        ref_hmac(alg, prk, d, block, tlen + info_len + 1, t);
        tlen = d;
        const size_t take = out_len - done < d ? out_len - done : d;
        memcpy(out + done, t, take);
        done += take;
    }
    free(block);
}

#if TD_TEST_REF_IS_OPENSSL
// OpenSSL's HKDF, where it takes the arguments (it refuses an empty IKM or
// output); 1 when it wrote out.
static int openssl_hkdf(td_alg alg, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                        size_t ikm_len, const uint8_t *info, size_t info_len, uint8_t *out,
                        size_t out_len)
{
    static const uint8_t empty[1];
    if (ikm_len == 0 || out_len == 0)
        return 0;
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    size_t got = out_len;
    int ok = pctx != NULL && EVP_PKEY_derive_init(pctx) > 0
             && EVP_PKEY_CTX_set_hkdf_md(pctx, ref_md(alg)) > 0
             && EVP_PKEY_CTX_set1_hkdf_salt(pctx, salt_len ? salt : empty, (int)salt_len) > 0
             && EVP_PKEY_CTX_set1_hkdf_key(pctx, ikm, (int)ikm_len) > 0
             && (info_len == 0 || EVP_PKEY_CTX_add1_hkdf_info(pctx, info, (int)info_len) > 0)
             && EVP_PKEY_derive(pctx, out, &got) > 0 && got == out_len;
    EVP_PKEY_CTX_free(pctx);
    return ok;
}
#endif

static void check_hmac(td_alg alg, const uint8_t *key, size_t key_len, const uint8_t *msg,
                       size_t len, const uint8_t *splits, size_t nsplits)
{
    const size_t d = td_digest_size(alg), b = td_block_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE], half[TD_MAX_DIGEST_SIZE];
    ref_hmac(alg, key, key_len, msg, len, want);
    ref_hmac(alg, key, key_len, msg, len / 2, half);

    memset(got, 0xEE, sizeof got);
    int rc = td_hmac(alg, key_len ? key : NULL, key_len, len ? msg : NULL, len, got);
    FZ_CHECK(rc == TD_OK, "td_hmac = %d", rc);
    FZ_EQ_MEM(got, want, d, "td_hmac (key %zu bytes, message %zu) vs " REF_NAME, key_len, len);
    FZ_CHECK(fz_untouched(got, d, sizeof got), "td_hmac wrote past the MAC");

    // Streaming, the message in the pieces the split bytes give.
    td_hmac_ctx ctx, copy;
    FZ_CHECK(td_hmac_init(&ctx, alg, key_len ? key : NULL, key_len) == TD_OK, "td_hmac_init");
    copy = ctx;
    size_t pos = 0;
    for (size_t k = 0; pos < len; k++) {
        size_t n = nsplits && k < 4 * len ? fz_len_from(splits[k % nsplits], b) : len - pos;
        if (n > len - pos)
            n = len - pos;
        FZ_CHECK(td_hmac_update(&ctx, n ? msg + pos : NULL, n) == TD_OK, "td_hmac_update");
        pos += n;
    }
    // The copy serves the first half; the original is finished last.
    FZ_CHECK(td_hmac_update(&copy, msg, len / 2) == TD_OK, "td_hmac_update(copy)");
    FZ_CHECK(td_hmac_final(&copy, got) == TD_OK, "td_hmac_final(copy)");
    FZ_EQ_MEM(got, half, d, "td_hmac_ctx copied after init, first half vs " REF_NAME);
    FZ_CHECK(td_hmac_final(&ctx, got) == TD_OK, "td_hmac_final");
    FZ_EQ_MEM(got, want, d, "td_hmac_init/update/final vs " REF_NAME);
    FZ_CHECK(td_hmac_update(&ctx, "x", 1) == TD_ERR_STATE, "td_hmac_update after final");
}

static void check_hkdf(td_alg alg, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                       size_t ikm_len, const uint8_t *info, size_t info_len, size_t out_len)
{
    const size_t d = td_digest_size(alg), max = 255 * d;
    uint8_t *got = (uint8_t *)malloc(out_len + 16), *want = (uint8_t *)malloc(out_len + 1);
    FZ_CHECK(got != NULL && want != NULL, "malloc");
    memset(got, 0xEE, out_len + 16);
    int rc = td_hkdf(alg, salt_len ? salt : NULL, salt_len, ikm_len ? ikm : NULL, ikm_len,
                     info_len ? info : NULL, info_len, out_len ? got : NULL, out_len);
    if (out_len > max) {
        FZ_CHECK(rc == TD_ERR_ARG, "td_hkdf(out_len %zu > %zu) = %d", out_len, max, rc);
        for (size_t i = 0; i < out_len + 16; i++)
            FZ_CHECK(got[i] == 0xEE, "td_hkdf refused out_len %zu but wrote byte %zu", out_len, i);
    } else {
        FZ_CHECK(rc == TD_OK, "td_hkdf(out_len %zu) = %d", out_len, rc);
        ref_hkdf(alg, salt, salt_len, ikm, ikm_len, info, info_len, want, out_len);
        FZ_EQ_MEM(got, want, out_len, "td_hkdf (salt %zu, ikm %zu, info %zu, out %zu) vs RFC 5869 over " REF_NAME " HMAC",
                  salt_len, ikm_len, info_len, out_len);
        for (size_t i = out_len; i < out_len + 16; i++)
            FZ_CHECK(got[i] == 0xEE, "td_hkdf wrote byte %zu past out_len %zu", i, out_len);
#if TD_TEST_REF_IS_OPENSSL
        if (openssl_hkdf(alg, salt, salt_len, ikm, ikm_len, info, info_len, want, out_len))
            FZ_EQ_MEM(got, want, out_len, "td_hkdf vs OpenSSL's HKDF");
#endif
    }
    free(got);
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const td_alg alg = (td_alg)(fz_u8(&in) % TD_ALG_COUNT);
    const uint8_t which = fz_u8(&in);
    size_t key_len = fz_u8(&in), salt_len = fz_u8(&in), info_len = fz_u8(&in);
    // out_len: up to four blocks, anything up to the limit, or a little
    // above it (TD_ERR_ARG), as the top two bits say.
    const size_t raw = fz_u16(&in), d = td_digest_size(alg), max = 255 * d;
    const size_t out_len = raw & 0x8000   ? max + 1 + (raw & 0xff)
                           : raw & 0x4000 ? (raw & 0x3fff) % (max + 1)
                                          : (raw & 0x3fff) % (4 * d + 1);
    const size_t nsplits_want = fz_u8(&in) % (MAX_SPLITS + 1);
    const uint8_t *key = fz_take(&in, key_len, &key_len);
    const uint8_t *salt = fz_take(&in, salt_len, &salt_len);
    const uint8_t *info = fz_take(&in, info_len, &info_len);
    size_t nsplits, len;
    const uint8_t *splits = fz_take(&in, nsplits_want, &nsplits);
    const uint8_t *msg = fz_take(&in, in.n, &len);

    const char *names[TU_MAX_BACKENDS];
    const size_t count = fz_backends(alg, TD_SINGLE, names);
    const char *name = names[which % count];
    char what[200];
    snprintf(what, sizeof what, "%s, single backend %s, key %zu, message %zu, salt %zu, info %zu, out %zu",
             tu_alg_str(alg), name, key_len, len, salt_len, info_len, out_len);
    fz_what = what;
    fz_pin(alg, TD_SINGLE, name);

    // Each piece in an allocation of its own size, so that an over-read of
    // any of them is seen.
    uint8_t *kb, *sb, *ib, *mb;
    const uint8_t *k = fz_copy_at(key, key_len, 0, &kb), *s = fz_copy_at(salt, salt_len, 0, &sb);
    const uint8_t *i = fz_copy_at(info, info_len, 0, &ib), *m = fz_copy_at(msg, len, 0, &mb);
    check_hmac(alg, k, key_len, m, len, splits, nsplits);
    // The message doubles as a long key, which is hashed first.
    if (len > td_block_size(alg))
        check_hmac(alg, m, len, k, key_len, splits, nsplits);
    check_hkdf(alg, s, salt_len, k, key_len, i, info_len, out_len);
    td_use_backend(alg, TD_SINGLE, NULL);
    free(kb);
    free(sb);
    free(ib);
    free(mb);
    return 0;
}
