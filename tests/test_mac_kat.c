/* SPDX-License-Identifier: Apache-2.0
 * HMAC and HKDF known answers: the RFC 2202 (HMAC-MD5, HMAC-SHA-1), RFC 4231
 * (HMAC-SHA-224/256/384/512) and RFC 5869 (HKDF-SHA-1, HKDF-SHA-256) test
 * cases, parsed at run time from tests/vectors/hmac and tests/vectors/hkdf
 * (mac_vectors.h). Every vector runs on every single-path backend of its
 * algorithm, pinned in turn, through
 *   - td_hmac, and td_hmac_init/update/final in one piece and in random
 *     pieces (zero-length and NULL updates among them);
 *   - a td_hmac_ctx copied by assignment after td_hmac_init and reused for
 *     two messages (the other vectors with the same key too), the original
 *     finished last;
 *   - td_hkdf, shorter outputs being prefixes, an empty salt given as NULL,
 *     as "" and as HashLen zero bytes alike, and PRK as HMAC(salt, IKM).
 * A truncated MD is compared on its length. A file that yields no vectors
 * fails. No OpenSSL.
 *
 * usage: test_mac_kat VECTORS_DIR [SEED]
 */
#include "testutil.h"
#include "mac_vectors.h"

static const char *cur_path; // the file under test, for messages

static void where(const mv_vec *v)
{
    if (tu.failures <= TU_MAX_PRINTED)
        fprintf(stderr, "  vector ending at %s:%ld\n", cur_path, v->line);
}

// Feeds n bytes to h in random pieces: empty ones (NULL or not), single
// bytes and longer runs. Returns the first non-OK status.
static int hmac_feed_random(td_hmac_ctx *h, const uint8_t *p, size_t n)
{
    size_t pos = 0;
    int rc = TD_OK;
    while (rc == TD_OK && pos < n) {
        size_t r = tu_rand_below(8), k;
        if (r == 0)
            k = 0;
        else if (r < 3)
            k = 1;
        else
            k = tu_rand_range(1, n - pos);
        rc = td_hmac_update(h, k ? p + pos : tu_rand_below(2) ? NULL : p, k);
        pos += k;
    }
    if (rc == TD_OK && tu_rand_below(2))
        rc = td_hmac_update(h, NULL, 0);
    return rc;
}

static int same_key(const mv_vec *a, const mv_vec *b)
{
    return a->f[MV_KEY].n == b->f[MV_KEY].n
        && (a->f[MV_KEY].n == 0 || memcmp(a->f[MV_KEY].p, b->f[MV_KEY].p, a->f[MV_KEY].n) == 0);
}

static void check_hmac(td_alg alg, const mv_set *s, size_t i)
{
    const mv_vec *v = &s->v[i];
    const uint8_t *key = v->f[MV_KEY].p, *msg = v->f[MV_MSG].p, *md = v->f[MV_MD].p;
    size_t kl = v->f[MV_KEY].n, ml = v->f[MV_MSG].n, t = v->f[MV_MD].n;
    uint8_t got[TD_MAX_DIGEST_SIZE];
    td_hmac_ctx h, base;
    int rc;

    tu_set_len(ml);
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_hmac(alg, key, kl, msg, ml, got), "td_hmac")
        && !TU_EQ_MEM(got, md, t, "td_hmac vs the RFC vector"))
        where(v);

    // Streaming: one update, then random pieces three times over.
    for (int round = 0; round < 4; round++) {
        memset(got, 0xEE, sizeof got);
        rc = td_hmac_init(&h, alg, key, kl);
        if (rc == TD_OK)
            rc = round == 0 ? td_hmac_update(&h, msg, ml) : hmac_feed_random(&h, msg, ml);
        if (rc == TD_OK)
            rc = td_hmac_final(&h, got);
        if (TU_OK(rc, "td_hmac_init/update/final")
            && !TU_EQ_MEM(got, md, t, round ? "streaming HMAC in random pieces vs the RFC vector"
                                            : "streaming HMAC, one update, vs the RFC vector"))
            where(v);
    }

    // One td_hmac_init, copied by assignment and reused: this message twice
    // (whole, then in pieces), every other vector with the same key, and at
    // last the original context itself.
    if (!TU_OK(td_hmac_init(&base, alg, key, kl), "td_hmac_init"))
        return;
    h = base;
    rc = td_hmac_update(&h, msg, ml);
    if (rc == TD_OK)
        rc = td_hmac_final(&h, got);
    if (TU_OK(rc, "HMAC on a copy of the initialised context")
        && !TU_EQ_MEM(got, md, t, "first message on a copied td_hmac_ctx"))
        where(v);
    for (size_t j = 0; j < s->n; j++) {
        const mv_vec *w = &s->v[j];
        if (!same_key(v, w))
            continue;
        tu_set_len(w->f[MV_MSG].n);
        h = base;
        rc = hmac_feed_random(&h, w->f[MV_MSG].p, w->f[MV_MSG].n);
        if (rc == TD_OK)
            rc = td_hmac_final(&h, got);
        if (TU_OK(rc, "HMAC on a second copy of the initialised context")
            && !TU_EQ_MEM(got, w->f[MV_MD].p, w->f[MV_MD].n,
                          j == i ? "second message on a copied td_hmac_ctx"
                                 : "another message with the same key on a copied td_hmac_ctx"))
            where(w);
    }
    tu_set_len(ml);
    rc = td_hmac_update(&base, msg, ml);
    if (rc == TD_OK)
        rc = td_hmac_final(&base, got);
    if (TU_OK(rc, "HMAC on the original context after its copies")
        && !TU_EQ_MEM(got, md, t, "the original td_hmac_ctx after its copies were used"))
        where(v);
    tu_clear_len();
}

static void check_hkdf(td_alg alg, const mv_vec *v)
{
    enum { CANARY = 16 };
    const mv_bytes *salt = &v->f[MV_SALT], *ikm = &v->f[MV_IKM], *info = &v->f[MV_INFO];
    const uint8_t *okm = v->f[MV_OKM].p;
    size_t ol = v->f[MV_OKM].n, d = td_digest_size(alg);
    uint8_t zeros[TD_MAX_DIGEST_SIZE] = { 0 }, prk[TD_MAX_DIGEST_SIZE];
    uint8_t *got = (uint8_t *)malloc(ol + CANARY);
    if (!got)
        exit(2);

    tu_set_len(ol);
    memset(got, 0xEE, ol + CANARY);
    if (TU_OK(td_hkdf(alg, salt->p, salt->n, ikm->p, ikm->n, info->p, info->n, got, ol), "td_hkdf")) {
        if (!TU_EQ_MEM(got, okm, ol, "td_hkdf vs the RFC 5869 OKM"))
            where(v);
        int intact = 1;
        for (size_t k = 0; k < CANARY; k++)
            intact &= got[ol + k] == 0xEE;
        if (!TU_CHECK(intact, "td_hkdf wrote past L"))
            where(v);
    }

    // Shorter outputs are prefixes of the longer.
    const size_t shorter[] = { 1, d - 1, d, d + 1, ol - 1 };
    for (size_t k = 0; k < sizeof shorter / sizeof shorter[0]; k++) {
        size_t n = shorter[k];
        if (n == 0 || n >= ol)
            continue;
        tu_set_len(n);
        memset(got, 0xEE, ol + CANARY);
        if (TU_OK(td_hkdf(alg, salt->p, salt->n, ikm->p, ikm->n, info->p, info->n, got, n), "td_hkdf")
            && !(TU_EQ_MEM(got, okm, n, "a shorter td_hkdf output vs the RFC 5869 OKM")
                 && TU_CHECK(got[n] == 0xEE, "td_hkdf wrote past out_len %zu", n)))
            where(v);
    }
    tu_set_len(ol);

    // An empty salt: NULL above; "" and HashLen zero bytes (RFC 5869 2.2,
    // "if not provided") must give the same.
    if (salt->n == 0) {
        memset(got, 0xEE, ol);
        if (TU_OK(td_hkdf(alg, "", 0, ikm->p, ikm->n, info->p, info->n, got, ol), "td_hkdf(salt \"\")")
            && !TU_EQ_MEM(got, okm, ol, "td_hkdf with salt \"\" vs the RFC 5869 OKM"))
            where(v);
        memset(got, 0xEE, ol);
        if (TU_OK(td_hkdf(alg, zeros, d, ikm->p, ikm->n, info->p, info->n, got, ol),
                  "td_hkdf(salt of HashLen zeros)")
            && !TU_EQ_MEM(got, okm, ol, "td_hkdf with HashLen zero bytes of salt vs the RFC 5869 OKM"))
            where(v);
    }

    // HKDF-Extract is HMAC(salt, IKM): the PRK of the vector.
    tu_set_len(ikm->n);
    if (TU_OK(td_hmac(alg, salt->n ? salt->p : zeros, salt->n ? salt->n : d, ikm->p, ikm->n, prk),
              "td_hmac for the PRK")
        && !TU_EQ_MEM(prk, v->f[MV_PRK].p, d, "HMAC(salt, IKM) vs the RFC 5869 PRK"))
        where(v);
    tu_clear_len();
    free(got);
}

int main(int argc, char **argv)
{
    tu_init(argc, argv, "test_mac_kat");
    if (!TU_CHECK(tu.vectors != NULL, "usage: test_mac_kat VECTORS_DIR [SEED]"))
        return tu_finish();
    for (size_t k = 0; k < MV_NFILES; k++) {
        const mv_file *mf = &mv_files[k];
        mv_set s;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", tu.vectors, mf->path);
        cur_path = path;
        mv_load(tu.vectors, k, &s);
        printf("test_mac_kat: %s: %zu vectors", mf->path, s.n);
        if (s.truncated)
            printf(" (%zu with a truncated MD)", s.truncated);
        printf("\n");
        fflush(stdout);

        const char *be;
        TU_FOR_EACH_BACKEND(mf->alg, TD_SINGLE, be) {
            for (size_t i = 0; i < s.n; i++) {
                if (mf->kind == MV_HMAC)
                    check_hmac(mf->alg, &s, i);
                else
                    check_hkdf(mf->alg, &s.v[i]);
            }
        }
        tu.alg_set = 0;
        mv_free(&s);
    }
    return tu_finish();
}
