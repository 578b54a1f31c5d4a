/* SPDX-License-Identifier: Apache-2.0
 * The reference side of test_api and test_guard, which run everywhere, cross
 * builds included:
 *
 *  - with TD_TEST_HAVE_OPENSSL (the build found OpenSSL libcrypto and
 *    TD_TEST_OPENSSL is ON): OpenSSL, through ossl_ref.h;
 *  - without: the library's own "portable" backend, pinned for the duration
 *    of each call and fed copies of the inputs in ordinary heap memory (so a
 *    reference never reads next to a guard page). It is itself checked by
 *    test_kat against the NIST vectors. HMAC is built here from that hash
 *    (RFC 2104, not the library's HMAC code); test_api checks this reference
 *    against the vendored RFC 2202/4231/5869 vectors first.
 *
 * Both give ref_hash() and ref_hmac(), REF_NAME for messages and
 * TD_TEST_REF_IS_OPENSSL (1 or 0). Include
 * after testutil.h.
 */
#ifndef TD_REF_H
#define TD_REF_H

#include "testutil.h"

#if defined(TD_TEST_HAVE_OPENSSL) && TD_TEST_HAVE_OPENSSL

#include "ossl_ref.h"
#define REF_NAME "OpenSSL"
#define TD_TEST_REF_IS_OPENSSL 1

#else

#define REF_NAME "portable"
#define TD_TEST_REF_IS_OPENSSL 0

// A broken reference makes every comparison meaningless: stop.
static inline void ref_fatal(const char *what, td_alg alg)
{
    fprintf(stderr, "reference (portable backend): %s failed for %s\n", what, tu_alg_str(alg));
    exit(2);
}

// The single-path choice of one algorithm, saved around a reference call.
typedef struct ref_pin {
    td_alg alg;
    char   prev[64];
} ref_pin;

static inline void ref_pin_portable(ref_pin *p, td_alg alg)
{
    const char *prev = td_backend(alg, TD_SINGLE);
    p->alg = alg;
    snprintf(p->prev, sizeof p->prev, "%s", prev ? prev : "");
    if (td_use_backend(alg, TD_SINGLE, "portable") != TD_OK)
        ref_fatal("td_use_backend(\"portable\")", alg);
}

// Restores the choice saved by ref_pin_portable. The API cannot tell "pinned
// to X" from "X chosen automatically", and the two behave alike; so the
// automatic choice comes back first, and the old name is pinned again only
// where it differs (a test's TU_FOR_EACH_BACKEND pin, for one).
static inline void ref_unpin(const ref_pin *p)
{
    if (td_use_backend(p->alg, TD_SINGLE, NULL) != TD_OK)
        ref_fatal("td_use_backend(NULL)", p->alg);
    const char *now = td_backend(p->alg, TD_SINGLE);
    if (p->prev[0] && (now == NULL || strcmp(now, p->prev) != 0)
        && td_use_backend(p->alg, TD_SINGLE, p->prev) != TD_OK)
        ref_fatal("restoring the backend pin", p->alg);
}

// A heap copy of len bytes (a valid pointer even for 0).
static inline uint8_t *ref_copy(const void *data, size_t len)
{
    uint8_t *c = (uint8_t *)malloc(len ? len : 1);
    if (!c) {
        fprintf(stderr, "reference: out of memory (%zu bytes)\n", len);
        exit(2);
    }
    if (len)
        memcpy(c, data, len);
    return c;
}

static inline void ref_hash(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    uint8_t md[TD_MAX_DIGEST_SIZE];
    uint8_t *copy = ref_copy(data, len);
    ref_pin pin;
    ref_pin_portable(&pin, alg);
    int rc = td_hash(alg, copy, len, md);
    ref_unpin(&pin);
    free(copy);
    if (rc != TD_OK)
        ref_fatal("td_hash", alg);
    memcpy(out, md, td_digest_size(alg));
}

// RFC 2104: H((K0 ^ opad) || H((K0 ^ ipad) || msg)), K0 the key (hashed
// first when longer than a block) padded with zeros to a block.
static inline void ref_hmac(td_alg alg, const void *key, size_t key_len, const void *msg,
                            size_t len, uint8_t *out)
{
    size_t b = td_block_size(alg), d = td_digest_size(alg);
    uint8_t k0[TD_MAX_BLOCK_SIZE] = { 0 }, pad[TD_MAX_BLOCK_SIZE], inner[TD_MAX_DIGEST_SIZE];
    uint8_t mac[TD_MAX_DIGEST_SIZE];
    uint8_t *kc = ref_copy(key, key_len), *mc = ref_copy(msg, len);
    td_ctx ctx;
    ref_pin pin;
    int rc = TD_OK;

    ref_pin_portable(&pin, alg);
    if (key_len > b)
        rc = td_hash(alg, kc, key_len, k0);
    else
        memcpy(k0, kc, key_len);
    for (size_t i = 0; i < b; i++)
        pad[i] = (uint8_t)(k0[i] ^ 0x36);
    if (rc == TD_OK) rc = td_init(&ctx, alg);
    if (rc == TD_OK) rc = td_update(&ctx, pad, b);
    if (rc == TD_OK) rc = td_update(&ctx, mc, len);
    if (rc == TD_OK) rc = td_final(&ctx, inner);
    for (size_t i = 0; i < b; i++)
        pad[i] = (uint8_t)(k0[i] ^ 0x5c);
    if (rc == TD_OK) rc = td_init(&ctx, alg);
    if (rc == TD_OK) rc = td_update(&ctx, pad, b);
    if (rc == TD_OK) rc = td_update(&ctx, inner, d);
    if (rc == TD_OK) rc = td_final(&ctx, mac);
    ref_unpin(&pin);
    free(kc);
    free(mc);
    if (rc != TD_OK)
        ref_fatal("HMAC over td_init/td_update/td_final", alg);
    memcpy(out, mac, d);
}

#endif // TD_TEST_HAVE_OPENSSL

#endif // TD_REF_H
