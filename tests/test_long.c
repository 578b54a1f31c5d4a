/* SPDX-License-Identifier: Apache-2.0
 * A stream of 513 MiB + 13 bytes, past 2^32 bits of message length, for each
 * compressor family (MD5, SHA-1, SHA-256, SHA-512, SHA-3 as SHA3-256), fed in chunks of varying
 * size and alignment from a pseudo-random buffer, against OpenSSL fed the same
 * chunks. The default backend only, unless TD_LONG_ALL_BACKENDS=1, which pins
 * every single-path backend in turn (the reference is computed once).
 *
 * usage: test_long [VECTORS_DIR] [SEED]
 */
#include "testutil.h"
#include "ossl_ref.h"

#define TOTAL ((uint64_t)513 * 1024 * 1024 + 13) // 2^32 bits is 512 MiB
enum { BUF = (1 << 20) + 4096, MAX_CHUNK = 1 << 20, MAX_CHUNKS = 1 << 16 };

typedef struct chunk {
    uint32_t off, len;
} chunk;

static uint8_t *buf;
static chunk   *chunks;
static size_t   nchunks;

// The chunk plan: mostly large pieces (64 KiB .. 1 MiB), with short and
// block-edge ones mixed in, at random offsets (so random alignment).
static void plan(void)
{
    uint64_t left = TOTAL;
    nchunks = 0;
    while (left > 0 && nchunks < MAX_CHUNKS) {
        size_t r = tu_rand_below(100), len;
        if (r < 60)
            len = tu_rand_range(64 * 1024, MAX_CHUNK);
        else if (r < 75)
            len = tu_rand_range(0, 300);
        else if (r < 90)
            len = 128 * tu_rand_range(1, 64) + tu_rand_below(3) - 1;
        else
            len = tu_rand_range(1, 64 * 1024);
        if ((uint64_t)len > left || nchunks == MAX_CHUNKS - 1)
            len = (size_t)left;
        chunks[nchunks].off = (uint32_t)tu_rand_below(BUF - len + 1);
        chunks[nchunks].len = (uint32_t)len;
        nchunks++;
        left -= len;
    }
}

static void reference(td_alg alg, uint8_t *want)
{
    ref_ctx r;
    ref_init(&r, alg);
    for (size_t i = 0; i < nchunks; i++)
        ref_update(&r, buf + chunks[i].off, chunks[i].len);
    ref_final(&r, want);
}

static void run(td_alg alg, const uint8_t *want)
{
    size_t d = td_digest_size(alg);
    uint8_t got[TD_MAX_DIGEST_SIZE], got2[TD_MAX_DIGEST_SIZE];
    td_ctx ctx, forked;
    int rc = td_init(&ctx, alg);
    clock_t t0 = clock();
    for (size_t i = 0; i < nchunks && rc == TD_OK; i++)
        rc = td_update(&ctx, buf + chunks[i].off, chunks[i].len);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    tu_set_len((size_t)TOTAL);
    TU_OK(rc, "td_update over 2^32 bits");
    TU_OK(td_copy(&forked, &ctx), "td_copy at the end");
    if (TU_OK(td_final(&ctx, got), "td_final"))
        TU_EQ_MEM(got, want, d, "513 MiB + 13 stream vs OpenSSL");
    if (TU_OK(td_final(&forked, got2), "td_final of the fork"))
        TU_EQ_MEM(got2, want, d, "fork of the 513 MiB stream");
    tu_clear_len();
    printf("test_long: %-7s %-12s %.0f MB/s\n", tu_alg_str(alg),
           td_backend(alg, TD_SINGLE) ? td_backend(alg, TD_SINGLE) : "?",
           secs > 0 ? (double)TOTAL / secs / 1e6 : 0.0);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    static const td_alg families[] = { TD_MD5, TD_SHA1, TD_SHA256, TD_SHA512, TD_SHA3_256 };
    const char *all = getenv("TD_LONG_ALL_BACKENDS");
    int all_backends = all && strcmp(all, "1") == 0;

    tu_init(argc, argv, "test_long");
    buf = malloc(BUF);
    chunks = malloc(MAX_CHUNKS * sizeof *chunks);
    if (!buf || !chunks)
        return 2;
    tu_rand_fill(buf, BUF);

    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        td_alg alg = families[f];
        uint8_t want[TD_MAX_DIGEST_SIZE];
        tu_set_alg(alg);
        plan();
        reference(alg, want);
        if (all_backends) {
            const char *be;
            TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be)
                run(alg, want);
        } else {
            run(alg, want);
        }
    }
    free(buf);
    free(chunks);
    return tu_finish();
}
