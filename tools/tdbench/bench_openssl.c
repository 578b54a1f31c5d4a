// SPDX-License-Identifier: Apache-2.0
// The OpenSSL baselines: the low-level XXX_Init/Update/Final (its fastest C
// interface, deprecated in 3.0 but still the one the assembly is reached by
// with the least per-call work), the same over many running contexts (the
// streams workload), and EVP_Digest with a pre-fetched EVP_MD. SHA-3 and
// SHAKE have EVP alone (EVP_DigestFinalXOF for SHAKE's output).
// Compiled only when CMake finds libcrypto; -Wno-deprecated-declarations is
// set on this file alone.

#include <limits.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/sha.h>

#include "tdbench.h"

// One low-level one-shot per algorithm: Init, one Update, Final.
#define TB_LOWLEVEL(fn, CTX, init, update, final)    \
    static void fn(const void *data, size_t len, uint8_t *out) \
    {                                                \
        CTX c;                                       \
        init(&c);                                    \
        update(&c, data, len);                       \
        final(out, &c);                              \
    }

TB_LOWLEVEL(ll_md5, MD5_CTX, MD5_Init, MD5_Update, MD5_Final)
TB_LOWLEVEL(ll_sha1, SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final)
TB_LOWLEVEL(ll_sha224, SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final)
TB_LOWLEVEL(ll_sha256, SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final)
TB_LOWLEVEL(ll_sha384, SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final)
TB_LOWLEVEL(ll_sha512, SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final)

// SHA-512/224 and SHA-512/256 have no public Init in OpenSSL. Its own
// internal init does what this does: SHA512_Init, then the FIPS 180-4 IV and
// the digest length, which SHA512_Final reads to decide how much to write.
static const uint64_t iv_512_224[8] = {
    0x8C3D37C819544DA2u, 0x73E1996689DCD4D6u, 0x1DFAB7AE32FF9C82u, 0x679DD514582F9FCFu,
    0x0F6D2B697BD44DA8u, 0x77E36F7304C48942u, 0x3F9D85A86A1D36C8u, 0x1112E6AD91D692A1u,
};
static const uint64_t iv_512_256[8] = {
    0x22312194FC2BF72Cu, 0x9F555FA3C84C64C2u, 0x2393B86B6F53B151u, 0x963877195940EABDu,
    0x96283EE2A88EFFE3u, 0xBE5E1E2553863992u, 0x2B0199FC2C85B8AAu, 0x0EB72DDC81C52CA2u,
};

static void sha512t_init(SHA512_CTX *c, const uint64_t iv[8], unsigned md_len)
{
    SHA512_Init(c);
    for (int i = 0; i < 8; i++)
        c->h[i] = iv[i];
    c->md_len = md_len;
}

static void sha512_224_init(SHA512_CTX *c)
{
    sha512t_init(c, iv_512_224, 28);
}

static void sha512_256_init(SHA512_CTX *c)
{
    sha512t_init(c, iv_512_256, 32);
}

TB_LOWLEVEL(ll_sha512_224, SHA512_CTX, sha512_224_init, SHA512_Update, SHA512_Final)
TB_LOWLEVEL(ll_sha512_256, SHA512_CTX, sha512_256_init, SHA512_Update, SHA512_Final)

tb_hash_fn *tb_openssl_lowlevel(td_alg alg)
{
    switch (alg) {
    case TD_MD5:        return ll_md5;
    case TD_SHA1:       return ll_sha1;
    case TD_SHA224:     return ll_sha224;
    case TD_SHA256:     return ll_sha256;
    case TD_SHA384:     return ll_sha384;
    case TD_SHA512:     return ll_sha512;
    case TD_SHA512_224: return ll_sha512_224;
    case TD_SHA512_256: return ll_sha512_256;
    default:            return NULL;
    }
}

// ------------------------------------------------------------------ streams

// n contexts of one algorithm side by side in ctxs: each loop calls the
// low-level function directly, as tdbench's td_update loop calls td_update.
#define TB_STREAMS(name, CTX, init, update, final, dsize)                          \
    static void name##_init(void *ctxs, size_t n)                                  \
    {                                                                              \
        CTX *c = ctxs;                                                             \
        for (size_t i = 0; i < n; i++)                                             \
            init(&c[i]);                                                           \
    }                                                                              \
    static void name##_update(void *ctxs, size_t n, const void *const *data,       \
                              const size_t *lens)                                  \
    {                                                                              \
        CTX *c = ctxs;                                                             \
        for (size_t i = 0; i < n; i++)                                             \
            update(&c[i], data[i], lens[i]);                                       \
    }                                                                              \
    static void name##_final(void *ctxs, size_t n, uint8_t *out)                   \
    {                                                                              \
        CTX *c = ctxs;                                                             \
        for (size_t i = 0; i < n; i++)                                             \
            final(out + i * (dsize), &c[i]);                                       \
    }                                                                              \
    static const tb_openssl_streams name = { sizeof(CTX), name##_init, name##_update, \
                                             name##_final };

TB_STREAMS(st_md5, MD5_CTX, MD5_Init, MD5_Update, MD5_Final, 16)
TB_STREAMS(st_sha1, SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final, 20)
TB_STREAMS(st_sha224, SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final, 28)
TB_STREAMS(st_sha256, SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final, 32)
TB_STREAMS(st_sha384, SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final, 48)
TB_STREAMS(st_sha512, SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final, 64)
TB_STREAMS(st_sha512_224, SHA512_CTX, sha512_224_init, SHA512_Update, SHA512_Final, 28)
TB_STREAMS(st_sha512_256, SHA512_CTX, sha512_256_init, SHA512_Update, SHA512_Final, 32)

// ---------------------------------------------------------------------- EVP

// By tdbench's slot (tb_alg_slot): SHA-3 and SHAKE have no low-level
// interface in OpenSSL, EVP alone.
static const char *const evp_names[TB_NALGS] = {
    "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA512-224", "SHA512-256",
    "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128", "SHAKE256",
};
static EVP_MD *evp_fetched[TB_NALGS];
static const EVP_MD *evp_mds[TB_NALGS];
static EVP_MD_CTX *xof_ctx;                 // SHAKE's, reused: tdbench is one thread

// SHA-3's streams: an EVP_MD_CTX a stream (ctxs holds the pointers), made
// and started in init and freed in final, both outside the timing.
#define TB_EVP_STREAMS(name, alg)                                                  \
    static void name##_init(void *ctxs, size_t n)                                  \
    {                                                                              \
        EVP_MD_CTX **c = ctxs;                                                     \
        for (size_t i = 0; i < n; i++) {                                           \
            c[i] = EVP_MD_CTX_new();                                               \
            EVP_DigestInit_ex(c[i], evp_mds[alg], NULL);                           \
        }                                                                          \
    }                                                                              \
    static void name##_update(void *ctxs, size_t n, const void *const *data,       \
                              const size_t *lens)                                  \
    {                                                                              \
        EVP_MD_CTX **c = ctxs;                                                     \
        for (size_t i = 0; i < n; i++)                                             \
            EVP_DigestUpdate(c[i], data[i], lens[i]);                              \
    }                                                                              \
    static void name##_final(void *ctxs, size_t n, uint8_t *out)                   \
    {                                                                              \
        EVP_MD_CTX **c = ctxs;                                                     \
        const size_t dsize = td_digest_size(alg);                                  \
        for (size_t i = 0; i < n; i++) {                                           \
            EVP_DigestFinal_ex(c[i], out + i * dsize, NULL);                       \
            EVP_MD_CTX_free(c[i]);                                                 \
            c[i] = NULL;                                                           \
        }                                                                          \
    }                                                                              \
    static const tb_openssl_streams name = { sizeof(EVP_MD_CTX *), name##_init,    \
                                             name##_update, name##_final };

TB_EVP_STREAMS(st_sha3_224, TD_SHA3_224)
TB_EVP_STREAMS(st_sha3_256, TD_SHA3_256)
TB_EVP_STREAMS(st_sha3_384, TD_SHA3_384)
TB_EVP_STREAMS(st_sha3_512, TD_SHA3_512)

const tb_openssl_streams *tb_openssl_streams_of(td_alg alg, int *evp)
{
    static const tb_openssl_streams *const all[TD_ALG_COUNT] = {
        &st_md5, &st_sha1, &st_sha224, &st_sha256,
        &st_sha384, &st_sha512, &st_sha512_224, &st_sha512_256,
        &st_sha3_224, &st_sha3_256, &st_sha3_384, &st_sha3_512,
    };
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT)
        return NULL;
    *evp = tb_openssl_lowlevel(alg) == NULL;
    return *evp && evp_mds[alg] == NULL ? NULL : all[alg];
}

int tb_openssl_init(void)
{
    xof_ctx = EVP_MD_CTX_new();
    if (xof_ctx == NULL)
        return -1;
    for (int a = 0; a < TB_NALGS; a++) {
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
        // Fetched once: an implicit fetch on every call is what makes the
        // EVP path slow for short messages in 3.0.
        evp_fetched[a] = EVP_MD_fetch(NULL, evp_names[a], NULL);
        evp_mds[a] = evp_fetched[a];
#else
        evp_mds[a] = EVP_get_digestbyname(evp_names[a]);
#endif
    }
    return 0;
}

void tb_openssl_done(void)
{
    EVP_MD_CTX_free(xof_ctx);
    xof_ctx = NULL;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    for (int a = 0; a < TB_NALGS; a++) {
        EVP_MD_free(evp_fetched[a]);
        evp_fetched[a] = NULL;
        evp_mds[a] = NULL;
    }
#endif
}

const char *tb_openssl_version(void)
{
#if OPENSSL_VERSION_NUMBER >= 0x10100000L
    return OpenSSL_version(OPENSSL_VERSION);
#else
    return SSLeay_version(SSLEAY_VERSION);
#endif
}

static void evp_hash(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    static const uint8_t empty[1];
    EVP_Digest(len ? data : empty, len, out, NULL, evp_mds[alg], NULL);
}

#define TB_EVP(fn, alg)                                          \
    static void fn(const void *data, size_t len, uint8_t *out)   \
    {                                                            \
        evp_hash(alg, data, len, out);                           \
    }

TB_EVP(evp_md5, TD_MD5)
TB_EVP(evp_sha1, TD_SHA1)
TB_EVP(evp_sha224, TD_SHA224)
TB_EVP(evp_sha256, TD_SHA256)
TB_EVP(evp_sha384, TD_SHA384)
TB_EVP(evp_sha512, TD_SHA512)
TB_EVP(evp_sha512_224, TD_SHA512_224)
TB_EVP(evp_sha512_256, TD_SHA512_256)
TB_EVP(evp_sha3_224, TD_SHA3_224)
TB_EVP(evp_sha3_256, TD_SHA3_256)
TB_EVP(evp_sha3_384, TD_SHA3_384)
TB_EVP(evp_sha3_512, TD_SHA3_512)

// SHAKE: EVP_Digest would squeeze the EVP_MD's default length, so the
// context calls, with the output length given.
static void evp_xof(td_alg alg, const void *data, size_t len, uint8_t *out, size_t out_len)
{
    EVP_DigestInit_ex(xof_ctx, evp_mds[tb_alg_slot(alg)], NULL);
    EVP_DigestUpdate(xof_ctx, data, len);
    EVP_DigestFinalXOF(xof_ctx, out, out_len);
}

static void xof_shake128(const void *data, size_t len, uint8_t *out, size_t out_len)
{
    evp_xof(TD_SHAKE128, data, len, out, out_len);
}

static void xof_shake256(const void *data, size_t len, uint8_t *out, size_t out_len)
{
    evp_xof(TD_SHAKE256, data, len, out, out_len);
}

static void evp_shake128(const void *data, size_t len, uint8_t *out)
{
    evp_xof(TD_SHAKE128, data, len, out, TB_SHAKE128_OUT);
}

static void evp_shake256(const void *data, size_t len, uint8_t *out)
{
    evp_xof(TD_SHAKE256, data, len, out, TB_SHAKE256_OUT);
}

tb_hash_fn *tb_openssl_evp(td_alg alg)
{
    static tb_hash_fn *const fns[TB_NALGS] = {
        evp_md5, evp_sha1, evp_sha224, evp_sha256,
        evp_sha384, evp_sha512, evp_sha512_224, evp_sha512_256,
        evp_sha3_224, evp_sha3_256, evp_sha3_384, evp_sha3_512,
        evp_shake128, evp_shake256,
    };
    const int slot = tb_alg_slot(alg);
    if (slot < 0 || slot >= TB_NALGS || evp_mds[slot] == NULL
        || (tb_is_xof(alg) && xof_ctx == NULL))
        return NULL;
    return fns[slot];
}

tb_xof_fn *tb_openssl_xof(td_alg alg)
{
    if (!tb_is_xof(alg) || xof_ctx == NULL || evp_mds[tb_alg_slot(alg)] == NULL)
        return NULL;
    return alg == TD_SHAKE128 ? xof_shake128 : xof_shake256;
}

// ------------------------------------------------------------------- PBKDF2

int tb_openssl_pbkdf2(td_alg alg, const void *password, size_t password_len, const void *salt,
                      size_t salt_len, uint64_t iterations, uint8_t *out, size_t out_len)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT || evp_mds[alg] == NULL ||
        iterations > INT_MAX || password_len > INT_MAX || salt_len > INT_MAX || out_len > INT_MAX)
        return -1;
    return PKCS5_PBKDF2_HMAC(password, (int)password_len, salt, (int)salt_len, (int)iterations,
                             evp_mds[alg], (int)out_len, out) == 1 ? 0 : -1;
}
