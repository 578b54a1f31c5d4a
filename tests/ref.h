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
 * Both give ref_hash() and ref_hmac(), ref_shake() for SHAKE, REF_NAME for
 * messages and TD_TEST_REF_IS_OPENSSL (1 or 0). Include after testutil.h.
 *
 * SHA-3 and SHAKE without OpenSSL come from ref_keccak() below, a plain
 * Keccak-f[1600] sponge written from FIPS 202 (its constants computed as
 * the standard defines them, not copied), not the library's code; it is
 * always there, so that other tests and the fuzz targets can hold the
 * library and OpenSSL to it too.
 */
#ifndef TD_REF_H
#define TD_REF_H

#include "testutil.h"

// ------------------------------------------------ Keccak (FIPS 202), plainly

static inline uint64_t ref_rotl64(uint64_t v, unsigned n)
{
    n %= 64;
    return n ? (v << n) | (v >> (64 - n)) : v;
}

// FIPS 202 3.2.5: rc(t), the output of an 8-bit LFSR (x^8 + x^6 + x^5 + x^4 + 1).
static inline int ref_keccak_rc_bit(unsigned t)
{
    unsigned r = 1; // R = 10000000, bit i of R as bit i of r
    if (t % 255 == 0)
        return 1;
    for (unsigned i = 1; i <= t % 255; i++) {
        r <<= 1; // R = 0 || R
        if (r & 0x100) // R[8]: fed back into R[0], R[4], R[5], R[6]
            r ^= 0x171;
    }
    return (int)(r & 1);
}

// Keccak-p[1600, 24] on lanes a[x + 5y] (FIPS 202 3.3, 3.4: theta, rho,
// pi, chi, iota), the offsets and round constants worked out as the
// standard states them.
static inline void ref_keccak_f(uint64_t a[25])
{
    unsigned rho[25] = { 0 };
    uint64_t rc[24];
    unsigned x = 1, y = 0;
    for (unsigned t = 0; t < 24; t++) { // rho's offsets, 3.2.2
        rho[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        unsigned nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    for (unsigned ir = 0; ir < 24; ir++) { // iota's constants, 3.2.5
        rc[ir] = 0;
        for (unsigned j = 0; j <= 6; j++)
            if (ref_keccak_rc_bit(j + 7 * ir))
                rc[ir] |= (uint64_t)1 << ((1u << j) - 1);
    }
    for (unsigned ir = 0; ir < 24; ir++) {
        uint64_t c[5], b[25];
        for (x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ ref_rotl64(c[(x + 1) % 5], 1);
            for (y = 0; y < 5; y++)
                a[x + 5 * y] ^= d;
        }
        for (x = 0; x < 5; x++) // pi: A'[x, y] = A[(x + 3y) mod 5, x]
            for (y = 0; y < 5; y++) {
                unsigned sx = (x + 3 * y) % 5, sy = x;
                b[x + 5 * y] = ref_rotl64(a[sx + 5 * sy], rho[sx + 5 * sy]);
            }
        for (x = 0; x < 5; x++)
            for (y = 0; y < 5; y++)
                a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        a[0] ^= rc[ir];
    }
}

// The sponge (FIPS 202 section 4, byte-oriented): rate bytes a block, the
// domain bits and the first padding bit in suffix (0x06 SHA-3, 0x1f SHAKE),
// out_len bytes out. Bytes go into the lanes little-endian on any host.
static inline void ref_keccak(size_t rate, uint8_t suffix, const void *data, size_t len,
                              uint8_t *out, size_t out_len)
{
    const uint8_t *p = (const uint8_t *)data;
    uint64_t a[25] = { 0 };
    size_t at = 0;
    for (size_t i = 0; i < len; i++) {
        a[at / 8] ^= (uint64_t)p[i] << (8 * (at % 8));
        if (++at == rate) {
            ref_keccak_f(a);
            at = 0;
        }
    }
    a[at / 8] ^= (uint64_t)suffix << (8 * (at % 8));
    a[(rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((rate - 1) % 8));
    ref_keccak_f(a);
    at = 0;
    for (size_t i = 0; i < out_len; i++) {
        if (at == rate) {
            ref_keccak_f(a);
            at = 0;
        }
        out[i] = (uint8_t)(a[at / 8] >> (8 * (at % 8)));
        at++;
    }
}

// SHA3-224 .. SHA3-512, SHAKE128 and SHAKE256 by ref_keccak: out gets
// out_len bytes (SHA-3: its digest size, whatever out_len says).
static inline void ref_keccak_alg(td_alg alg, const void *data, size_t len, uint8_t *out,
                                  size_t out_len)
{
    switch (alg) {
    case TD_SHA3_224: ref_keccak(144, 0x06, data, len, out, 28); break;
    case TD_SHA3_256: ref_keccak(136, 0x06, data, len, out, 32); break;
    case TD_SHA3_384: ref_keccak(104, 0x06, data, len, out, 48); break;
    case TD_SHA3_512: ref_keccak(72, 0x06, data, len, out, 64); break;
    case TD_SHAKE128: ref_keccak(168, 0x1f, data, len, out, out_len); break;
    case TD_SHAKE256: ref_keccak(136, 0x1f, data, len, out, out_len); break;
    default:
        fprintf(stderr, "ref_keccak_alg: %s is no SHA-3\n", tu_alg_str(alg));
        exit(2);
    }
}

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

// SHAKE without OpenSSL: the sponge above.
static inline void ref_shake(td_alg alg, const void *data, size_t len, uint8_t *out,
                             size_t out_len)
{
    ref_keccak_alg(alg, data, len, out, out_len);
}

static inline void ref_hash(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    if (tu_is_sha3(alg)) { // the sponge above, not the library's code
        ref_keccak_alg(alg, data, len, out, td_digest_size(alg));
        return;
    }
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
