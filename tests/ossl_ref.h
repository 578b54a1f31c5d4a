/* SPDX-License-Identifier: Apache-2.0
 * The reference side of the differential tests: OpenSSL libcrypto through
 * its EVP interface (not the low-level MD5_Init family, deprecated in 3.0).
 * Include after testutil.h.
 */
#ifndef TD_OSSL_REF_H
#define TD_OSSL_REF_H

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "testutil.h"

static inline const EVP_MD *ref_md(td_alg alg)
{
    switch (alg) {
    case TD_MD5:        return EVP_md5();
    case TD_SHA1:       return EVP_sha1();
    case TD_SHA224:     return EVP_sha224();
    case TD_SHA256:     return EVP_sha256();
    case TD_SHA384:     return EVP_sha384();
    case TD_SHA512:     return EVP_sha512();
    case TD_SHA512_224: return EVP_sha512_224();
    case TD_SHA512_256: return EVP_sha512_256();
    case TD_SHA3_224:   return EVP_sha3_224();
    case TD_SHA3_256:   return EVP_sha3_256();
    case TD_SHA3_384:   return EVP_sha3_384();
    case TD_SHA3_512:   return EVP_sha3_512();
    case TD_SHAKE128:   return EVP_shake128();
    case TD_SHAKE256:   return EVP_shake256();
    default:            return NULL;
    }
}

// One-shot digest; exits on an OpenSSL error (a broken reference makes every
// comparison meaningless).
static inline void ref_hash(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    static const uint8_t empty[1];
    unsigned int outl = 0;
    if (!EVP_Digest(len ? data : empty, len, out, &outl, ref_md(alg), NULL)
        || outl != td_digest_size(alg)) {
        fprintf(stderr, "OpenSSL EVP_Digest failed for %s\n", tu_alg_str(alg));
        exit(2);
    }
}

// Streaming reference, for messages assembled from pieces.
typedef struct ref_ctx {
    EVP_MD_CTX *md;
} ref_ctx;

static inline void ref_init(ref_ctx *r, td_alg alg)
{
    r->md = EVP_MD_CTX_new();
    if (!r->md || !EVP_DigestInit_ex(r->md, ref_md(alg), NULL)) {
        fprintf(stderr, "OpenSSL EVP_DigestInit_ex failed\n");
        exit(2);
    }
}

static inline void ref_update(ref_ctx *r, const void *data, size_t len)
{
    if (len && !EVP_DigestUpdate(r->md, data, len)) {
        fprintf(stderr, "OpenSSL EVP_DigestUpdate failed\n");
        exit(2);
    }
}

static inline void ref_final(ref_ctx *r, uint8_t *out)
{
    unsigned int outl = 0;
    if (!EVP_DigestFinal_ex(r->md, out, &outl)) {
        fprintf(stderr, "OpenSSL EVP_DigestFinal_ex failed\n");
        exit(2);
    }
    EVP_MD_CTX_free(r->md);
    r->md = NULL;
}

// out_len bytes of SHAKE128 or SHAKE256 of data, in one squeeze (OpenSSL
// 3.0 has no incremental squeeze: EVP_DigestFinalXOF once).
static inline void ref_shake(td_alg alg, const void *data, size_t len, uint8_t *out,
                             size_t out_len)
{
    static const uint8_t empty[1];
    uint8_t dummy[1];
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (!md || !EVP_DigestInit_ex(md, ref_md(alg), NULL)
        || (len && !EVP_DigestUpdate(md, len ? data : empty, len))
        || !EVP_DigestFinalXOF(md, out_len ? out : dummy, out_len)) {
        fprintf(stderr, "OpenSSL SHAKE failed for %s\n", tu_alg_str(alg));
        exit(2);
    }
    EVP_MD_CTX_free(md);
}

// The streaming reference's end for SHAKE (ref_init with TD_SHAKE128/256).
static inline void ref_final_xof(ref_ctx *r, uint8_t *out, size_t out_len)
{
    uint8_t dummy[1];
    if (!EVP_DigestFinalXOF(r->md, out_len ? out : dummy, out_len)) {
        fprintf(stderr, "OpenSSL EVP_DigestFinalXOF failed\n");
        exit(2);
    }
    EVP_MD_CTX_free(r->md);
    r->md = NULL;
}

// HMAC through the one-shot HMAC() (not deprecated in 3.0). OpenSSL treats
// a NULL key specially, so an empty key is passed as a valid pointer.
static inline void ref_hmac(td_alg alg, const void *key, size_t key_len, const void *msg,
                            size_t len, uint8_t *out)
{
    static const uint8_t empty[1];
    unsigned int outl = 0;
    if (key_len > 0x7fffffff
        || !HMAC(ref_md(alg), key_len ? key : empty, (int)key_len,
                 len ? (const unsigned char *)msg : empty, len, out, &outl)
        || outl != td_digest_size(alg)) {
        fprintf(stderr, "OpenSSL HMAC failed for %s\n", tu_alg_str(alg));
        exit(2);
    }
}

#endif // TD_OSSL_REF_H
