/* SPDX-License-Identifier: Apache-2.0
 * Backends against the portable one, without OpenSSL (so it also runs where
 * there is none, e.g. under qemu-s390x):
 *  - every single-path backend against portable on every length 0..1100 and
 *    a few long ones, whole and streamed in odd pieces;
 *  - every many-message backend against portable single-path hashing on 31
 *    messages in batches of 16, 8, 4, 2 and 1 (so every tail of the lane
 *    code runs), with lengths equal (lanes in lockstep), mixed, one long
 *    among short ones, and all empty; and td_hash_many_fixed on counts
 *    from 1 to 64 around the block and padding edges.
 *
 * usage: test_blocks [VECTORS_DIR] [SEED]
 */
#include "testutil.h"

enum { POOL = 70000 };
static uint8_t *pool;

// The portable single-path digest, whatever is pinned elsewhere.
static void portable_hash(td_alg alg, const void *data, size_t len, uint8_t *out)
{
    const char *prev = td_backend(alg, TD_SINGLE);
    char saved[64];
    snprintf(saved, sizeof saved, "%s", prev ? prev : "portable");
    td_use_backend(alg, TD_SINGLE, "portable");
    td_hash(alg, data, len, out);
    td_use_backend(alg, TD_SINGLE, saved);
}

static void single_vs_portable(td_alg alg, uint8_t (*ref)[TD_MAX_DIGEST_SIZE], size_t nref)
{
    size_t d = td_digest_size(alg), b = td_block_size(alg);
    uint8_t got[TD_MAX_DIGEST_SIZE];
    for (size_t len = 0; len < nref; len++) {
        const uint8_t *msg = pool + (len % 13);
        tu_set_len(len);
        if (!TU_OK(td_hash(alg, msg, len, got), "td_hash") || !TU_EQ_MEM(got, ref[len], d, "backend vs portable"))
            continue;
        td_ctx ctx;
        int rc = td_init(&ctx, alg);
        size_t pos = 0, step = len % (b + 3) + 1;
        while (rc == TD_OK && pos < len) {
            size_t n = step < len - pos ? step : len - pos;
            rc = td_update(&ctx, msg + pos, n);
            pos += n;
            step = step * 5 % (2 * b + 1) + 1;
        }
        if (rc == TD_OK)
            rc = td_final(&ctx, got);
        if (TU_OK(rc, "streaming"))
            TU_EQ_MEM(got, ref[len], d, "streamed backend vs portable");
    }
    static const size_t longs[] = { 8191, 8192, 8193, 65536 + 17 };
    for (size_t i = 0; i < sizeof longs / sizeof longs[0]; i++) {
        uint8_t want[TD_MAX_DIGEST_SIZE];
        tu_set_len(longs[i]);
        portable_hash(alg, pool + 1, longs[i], want);
        if (TU_OK(td_hash(alg, pool + 1, longs[i], got), "td_hash"))
            TU_EQ_MEM(got, want, d, "long message, backend vs portable");
    }
    tu_clear_len();
}

// 31 messages as batches of 16, 8, 4, 2, 1.
static void lanes_vs_portable(td_alg alg, const size_t *lens, const char *what)
{
    static const size_t batches[] = { 16, 8, 4, 2, 1 };
    size_t d = td_digest_size(alg);
    const void *ptrs[31];
    uint8_t out[31 * TD_MAX_DIGEST_SIZE], want[TD_MAX_DIGEST_SIZE];
    for (size_t i = 0; i < 31; i++)
        ptrs[i] = lens[i] || i % 3 ? (const void *)(pool + 97 * i) : NULL;
    for (size_t at = 0, k = 0; k < sizeof batches / sizeof batches[0]; at += batches[k++]) {
        memset(out, 0xEE, sizeof out);
        if (!TU_OK(td_hash_many(alg, batches[k], ptrs + at, lens + at, out), "td_hash_many"))
            continue;
        for (size_t i = 0; i < batches[k]; i++) {
            tu_set_len(lens[at + i]);
            portable_hash(alg, ptrs[at + i], lens[at + i], want);
            if (!TU_EQ_MEM(out + i * d, want, d, what))
                fprintf(stderr, "  batch of %zu, message %zu\n", batches[k], i);
        }
    }
    tu_clear_len();
}

// n equal-length messages laid end to end through td_hash_many_fixed, for
// counts that fill, split and leave part of each lane width. 64 messages
// first: from 32 on, a shared last block goes by its schedule, which the
// library then keeps for that length (where it caches it), so the smaller
// counts run through it too; for one-block messages that is the path of a
// Merkle level's nodes.
static void fixed_vs_portable(td_alg alg, size_t len)
{
    static const size_t counts[] = { 64, 1, 2, 3, 4, 5, 8, 9, 16, 17, 31, 32, 40 };
    size_t d = td_digest_size(alg);
    uint8_t out[64 * TD_MAX_DIGEST_SIZE], want[TD_MAX_DIGEST_SIZE];
    tu_set_len(len);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        const size_t n = counts[c];
        const uint8_t *data = pool + (n * 7) % 61;
        if (!TU_OK(td_hash_many_fixed(alg, n, data, len, out), "td_hash_many_fixed"))
            continue;
        for (size_t i = 0; i < n; i++) {
            portable_hash(alg, data + i * len, len, want);
            if (!TU_EQ_MEM(out + i * d, want, d, "td_hash_many_fixed vs portable"))
                fprintf(stderr, "  %zu messages, message %zu\n", n, i);
        }
    }
    tu_clear_len();
}

int main(int argc, char **argv)
{
    enum { NREF = 1101 };
    tu_init(argc, argv, "test_blocks");
    pool = malloc(POOL);
    uint8_t (*ref)[TD_MAX_DIGEST_SIZE] = malloc(NREF * sizeof *ref);
    if (!pool || !ref)
        return 2;
    tu_rand_fill(pool, POOL);

    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        size_t b = td_block_size(alg);
        const char *be;
        tu_set_alg(alg);
        for (size_t len = 0; len < NREF; len++)
            portable_hash(alg, pool + (len % 13), len, ref[len]);
        TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be)
            single_vs_portable(alg, ref, NREF);

        TU_FOR_EACH_BACKEND(alg, TD_MULTI, be) {
            size_t lens[31];
            // All equal, several sizes around block and padding edges.
            static const size_t same[] = { 0, 1, 55, 56, 64, 111, 112, 128, 1000, 4096 };
            for (size_t s = 0; s < sizeof same / sizeof same[0]; s++) {
                for (size_t i = 0; i < 31; i++)
                    lens[i] = same[s];
                lanes_vs_portable(alg, lens, "lanes in lockstep vs portable");
            }
            for (size_t s = 0; s < sizeof same / sizeof same[0] && same[s] <= 1000; s++)
                fixed_vs_portable(alg, same[s]);
            fixed_vs_portable(alg, b - 1);
            fixed_vs_portable(alg, 2 * b + b / 2);
            // Mixed: each lane finishes at a different block.
            for (size_t i = 0; i < 31; i++)
                lens[i] = (i * 37 + 5) % (9 * b);
            lanes_vs_portable(alg, lens, "mixed lengths vs portable");
            // One long message among short ones, in each lane position.
            for (size_t pos = 0; pos < 16; pos += 5) {
                for (size_t i = 0; i < 31; i++)
                    lens[i] = i % 16 == pos ? 20000 + i : i % 4;
                lanes_vs_portable(alg, lens, "one long among short vs portable");
            }
            // Random.
            for (int r = 0; r < 5; r++) {
                for (size_t i = 0; i < 31; i++)
                    lens[i] = tu_rand_below(4) ? tu_rand_range(0, 3 * b) : tu_rand_range(0, 30000);
                lanes_vs_portable(alg, lens, "random lengths vs portable");
            }
        }
    }
    free(pool);
    free(ref);
    return tu_finish();
}
