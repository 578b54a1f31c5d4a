/* SPDX-License-Identifier: Apache-2.0
 * td_hash_many and td_hash_many_fixed on every many-path backend of one
 * algorithm pinned in turn, then with nothing pinned (the tables choose by
 * count), against the reference digest of each message (OpenSSL, or the
 * portable backend where the build has no OpenSSL). The messages are cut
 * from one arena, so they overlap each other as the input says; empty ones
 * may be NULL. The documented errors: a NULL message with a length
 * (TD_ERR_ARG, nothing written), n = 0 (TD_OK, nothing read or written), a
 * NULL out or data. td_hash_many_fixed also runs in place (out == data),
 * which the header allows when len >= the digest size.
 *
 * Input: alg, mode, count, then per message an offset and a length byte
 * (td_hash_many) or one offset and a 16-bit length (td_hash_many_fixed),
 * then the arena (repeated 1 to 8 times).
 */
#include "fuzz.h"

enum { MAX_MESSAGES = 80, MAX_LEN = 1100 };

typedef struct batch {
    td_alg         alg;
    size_t         n;
    const void    *ptrs[MAX_MESSAGES];
    size_t         lens[MAX_MESSAGES];
    uint8_t        want[MAX_MESSAGES * TD_MAX_DIGEST_SIZE];
} batch;

// out must hold every digest and be unchanged where an error is expected.
static void check_digests(const batch *bt, const uint8_t *out, const char *call)
{
    const size_t d = td_digest_size(bt->alg);
    for (size_t i = 0; i < bt->n; i++)
        FZ_EQ_MEM(out + i * d, bt->want + i * d, d, "%s: message %zu of %zu (%zu bytes) vs " REF_NAME,
                  call, i, bt->n, bt->lens[i]);
}

static void check_untouched(const uint8_t *out, size_t n, const char *call)
{
    for (size_t i = 0; i < n; i++)
        FZ_CHECK(out[i] == 0xEE, "%s wrote byte %zu where it should not", call, i);
}

static void run_many(const batch *bt, uint8_t *out, size_t bad)
{
    const size_t d = td_digest_size(bt->alg), bytes = bt->n * d;
    memset(out, 0xEE, bytes);
    int rc = td_hash_many(bt->alg, bt->n, bt->ptrs, bt->lens, out);
    FZ_CHECK(rc == TD_OK, "td_hash_many = %d", rc);
    check_digests(bt, out, "td_hash_many");

    // A NULL message with a length: TD_ERR_ARG before any digest is written.
    if (bad < bt->n) {
        const void *ptrs[MAX_MESSAGES];
        size_t lens[MAX_MESSAGES];
        memcpy(ptrs, bt->ptrs, bt->n * sizeof ptrs[0]);
        memcpy(lens, bt->lens, bt->n * sizeof lens[0]);
        ptrs[bad] = NULL;
        lens[bad] = lens[bad] ? lens[bad] : 1;
        memset(out, 0xEE, bytes);
        rc = td_hash_many(bt->alg, bt->n, ptrs, lens, out);
        FZ_CHECK(rc == TD_ERR_ARG, "td_hash_many with message %zu NULL = %d", bad, rc);
        check_untouched(out, bytes, "td_hash_many with a NULL message");
    }
}

static void run_fixed(const batch *bt, const uint8_t *base, size_t len, uint8_t *out, int in_place)
{
    const size_t d = td_digest_size(bt->alg), bytes = bt->n * d;
    memset(out, 0xEE, bytes);
    int rc = td_hash_many_fixed(bt->alg, bt->n, len ? base : NULL, len, out);
    FZ_CHECK(rc == TD_OK, "td_hash_many_fixed = %d", rc);
    check_digests(bt, out, "td_hash_many_fixed");

    rc = td_hash_many_fixed(bt->alg, bt->n, base, len, NULL);
    FZ_CHECK(rc == TD_ERR_ARG, "td_hash_many_fixed(out NULL) = %d", rc);
    if (len != 0) {
        memset(out, 0xEE, bytes);
        rc = td_hash_many_fixed(bt->alg, bt->n, NULL, len, out);
        FZ_CHECK(rc == TD_ERR_ARG, "td_hash_many_fixed(data NULL) = %d", rc);
        check_untouched(out, bytes, "td_hash_many_fixed(data NULL)");
    }

    // In place: the messages in a buffer the digests then overwrite.
    if (in_place && len >= d) {
        const size_t size = bt->n * len;
        uint8_t *buf = (uint8_t *)malloc(size);
        FZ_CHECK(buf != NULL, "malloc");
        memcpy(buf, base, size);
        rc = td_hash_many_fixed(bt->alg, bt->n, buf, len, buf);
        FZ_CHECK(rc == TD_OK, "td_hash_many_fixed in place = %d", rc);
        check_digests(bt, buf, "td_hash_many_fixed in place");
        free(buf);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    static batch bt;
    memset(&bt, 0, sizeof bt);
    bt.alg = (td_alg)(fz_u8(&in) % TD_ALG_COUNT);
    const uint8_t mode = fz_u8(&in);
    const int fixed = mode & 1, in_place = (mode >> 1) & 1, equal = (mode >> 2) & 1;
    const size_t repeats = (size_t)1 << ((mode >> 3) & 3);
    const size_t b = td_block_size(bt.alg), d = td_digest_size(bt.alg);
    bt.n = 1 + fz_u8(&in) % MAX_MESSAGES;
    const size_t bad = mode & 0x80 ? fz_u8(&in) % bt.n : SIZE_MAX;

    // Where each message starts (a fraction of the arena) and how long it
    // is, read now and applied once the arena's size is known.
    uint8_t offsets[MAX_MESSAGES], lenbytes[MAX_MESSAGES];
    size_t fixed_len = 0;
    if (fixed) {
        offsets[0] = fz_u8(&in);
        fixed_len = fz_u16(&in) % (MAX_LEN + 1);
    } else {
        const size_t first_len = fz_u8(&in);
        for (size_t i = 0; i < bt.n; i++) {
            offsets[i] = fz_u8(&in);
            lenbytes[i] = (uint8_t)(equal ? first_len : fz_u8(&in));
        }
    }

    size_t rest;
    const uint8_t *tail = fz_take(&in, in.n, &rest);
    const size_t arena_len = rest * repeats;
    uint8_t *arena_block;
    uint8_t *arena = fz_copy_at(tail, rest, 0, &arena_block);
    if (repeats > 1 && rest != 0) {
        arena = (uint8_t *)realloc(arena_block, arena_len);
        FZ_CHECK(arena != NULL, "realloc");
        arena_block = arena;
        for (size_t r = 1; r < repeats; r++)
            memcpy(arena + r * rest, arena, rest);
    }

    const uint8_t *base = arena;
    if (fixed) {
        // n messages of fixed_len bytes end to end, inside the arena.
        if (fixed_len > arena_len)
            fixed_len = arena_len;
        if (fixed_len != 0 && bt.n * fixed_len > arena_len)
            bt.n = arena_len / fixed_len;
        const size_t room = arena_len - bt.n * fixed_len;
        base = arena + (room ? offsets[0] * room / 255 : 0);
        for (size_t i = 0; i < bt.n; i++) {
            bt.ptrs[i] = base + i * fixed_len;
            bt.lens[i] = fixed_len;
        }
    } else {
        for (size_t i = 0; i < bt.n; i++) {
            size_t len = fz_len_from(lenbytes[i], b);
            if (len > 2 * MAX_LEN)
                len = 2 * MAX_LEN;
            if (len > arena_len)
                len = arena_len;
            const size_t at = (arena_len - len) * offsets[i] / 255;
            bt.lens[i] = len;
            // An empty message may be NULL (the offset byte's low bit says).
            bt.ptrs[i] = len == 0 && (offsets[i] & 1) ? NULL : arena + at;
        }
    }
    char what[160];
    snprintf(what, sizeof what, "%s, %zu messages, %s, arena %zu bytes", tu_alg_str(bt.alg), bt.n,
             fixed ? "fixed" : equal ? "equal lengths" : "mixed lengths", arena_len);
    fz_what = what;
    for (size_t i = 0; i < bt.n; i++)
        ref_hash(bt.alg, bt.ptrs[i], bt.lens[i], bt.want + i * d);

    // Exactly the digests' size, so that a write past them is seen.
    uint8_t *out = (uint8_t *)malloc(bt.n * d);
    FZ_CHECK(out != NULL, "malloc");

    // n = 0: nothing read or written, whatever the pointers.
    memset(out, 0xEE, d);
    FZ_CHECK(td_hash_many(bt.alg, 0, NULL, NULL, out) == TD_OK, "td_hash_many(n 0)");
    FZ_CHECK(td_hash_many_fixed(bt.alg, 0, NULL, 5, out) == TD_OK, "td_hash_many_fixed(n 0)");
    check_untouched(out, d, "n = 0");
    // NULL arrays or out, an unknown algorithm: TD_ERR_ARG, nothing written.
    memset(out, 0xEE, bt.n * d);
    FZ_CHECK(td_hash_many(bt.alg, bt.n, NULL, bt.lens, out) == TD_ERR_ARG, "td_hash_many(NULL data)");
    FZ_CHECK(td_hash_many(bt.alg, bt.n, bt.ptrs, NULL, out) == TD_ERR_ARG, "td_hash_many(NULL lens)");
    FZ_CHECK(td_hash_many(bt.alg, bt.n, bt.ptrs, bt.lens, NULL) == TD_ERR_ARG, "td_hash_many(NULL out)");
    FZ_CHECK(td_hash_many(TD_ALG_COUNT, bt.n, bt.ptrs, bt.lens, out) == TD_ERR_ARG,
             "td_hash_many(unknown alg)");
    FZ_CHECK(td_hash_many_fixed(TD_ALG_COUNT, bt.n, base, bt.lens[0], out) == TD_ERR_ARG,
             "td_hash_many_fixed(unknown alg)");
    check_untouched(out, bt.n * d, "a call with a bad argument");

    const char *names[TU_MAX_BACKENDS];
    const size_t count = fz_backends(bt.alg, TD_MULTI, names);
    for (size_t i = 0; i <= count; i++) {
        // Each backend pinned, then the automatic choice.
        const char *name = i < count ? names[i] : NULL;
        snprintf(what, sizeof what, "%s, many backend %s, %zu messages, %s", tu_alg_str(bt.alg),
                 name ? name : "auto", bt.n,
                 fixed ? "fixed" : equal ? "equal lengths" : "mixed lengths");
        fz_what = what;
        fz_pin(bt.alg, TD_MULTI, name);
        if (fixed && bt.n != 0)
            run_fixed(&bt, base, fixed_len, out, in_place);
        else if (!fixed)
            run_many(&bt, out, bad);
    }
    td_use_backend(bt.alg, TD_MULTI, NULL);
    free(out);
    free(arena_block);
    return 0;
}
