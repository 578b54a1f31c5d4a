// SPDX-License-Identifier: Apache-2.0
// The streams path's running hashes: n contexts fed one chunk each a round by
// td_update_many, by td_update on each in turn, or by OpenSSL's XXX_Update on
// each of its own contexts (EVP_DigestUpdate for SHA-3). Starting and finishing them stay outside the
// timed part, so that the chunk updates alone are measured.

#include <stdlib.h>
#include <string.h>

#include "tdbench.h"

int tb_streams_make(tb_streams *s, td_alg alg, size_t n, int with_openssl)
{
    memset(s, 0, sizeof *s);
    s->alg = alg;
    s->n = n;
    s->ctxs = calloc(n, sizeof *s->ctxs);
    s->ptrs = malloc(n * sizeof(td_ctx *));
    if (s->ctxs == NULL || s->ptrs == NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        s->ptrs[i] = &s->ctxs[i];
#ifdef TD_BENCH_OPENSSL
    int evp = 0;
    s->ssl = with_openssl ? tb_openssl_streams_of(alg, &evp) : NULL;
    if (s->ssl != NULL) {
        s->ssl_ctxs = calloc(n, s->ssl->ctx_size);
        if (s->ssl_ctxs == NULL)
            return -1;
    }
#else
    (void)with_openssl;
#endif
    return 0;
}

void tb_streams_free(tb_streams *s)
{
    free(s->ctxs);
    free(s->ptrs);
    free(s->ssl_ctxs);
    memset(s, 0, sizeof *s);
}

void tb_streams_start(tb_streams *s, tb_feed how)
{
    if (how == TB_FEED_OPENSSL) {
        s->ssl->init(s->ssl_ctxs, s->n);
        return;
    }
    for (size_t i = 0; i < s->n; i++)
        td_init(&s->ctxs[i], s->alg);
}

void tb_streams_feed(tb_streams *s, tb_feed how, const void *const *data, const size_t *lens,
                     uint64_t rounds)
{
    const size_t n = s->n;
    switch (how) {
    case TB_FEED_MANY:
        for (uint64_t r = 0; r < rounds; r++)
            td_update_many(n, s->ptrs, data, lens);
        break;
    case TB_FEED_LOOP:
        for (uint64_t r = 0; r < rounds; r++)
            for (size_t i = 0; i < n; i++)
                td_update(&s->ctxs[i], data[i], lens[i]);
        break;
    case TB_FEED_OPENSSL:
        for (uint64_t r = 0; r < rounds; r++)
            s->ssl->update(s->ssl_ctxs, n, data, lens);
        break;
    }
}

void tb_streams_finish(tb_streams *s, tb_feed how, uint8_t *out)
{
    const size_t dsize = td_digest_size(s->alg);
    if (how == TB_FEED_OPENSSL)
        s->ssl->final(s->ssl_ctxs, s->n, out);
    else if (how == TB_FEED_MANY)
        td_final_many(s->n, s->ptrs, out);
    else
        for (size_t i = 0; i < s->n; i++)
            td_final(&s->ctxs[i], out + i * dsize);
}
