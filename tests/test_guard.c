/* SPDX-License-Identifier: Apache-2.0
 * Guard pages: inputs that end exactly at a PROT_NONE page (and start right
 * after one), outputs whose last byte is the last one before a guard, and
 * contexts placed so that they end at a guard; running contexts fed chunks
 * that end at a guard through td_update_many and finished by td_final_many
 * into digests that end at one; SHAKE's messages, outputs and xof at
 * guards too. A read or write one byte too far faults. Every backend is
 * pinned in turn; results are compared with the
 * reference of ref.h (OpenSSL where the build has it, else the portable
 * backend on copies in ordinary memory). POSIX (mmap, mprotect) and Windows
 * (VirtualAlloc, VirtualProtect): elsewhere the test reports itself skipped
 * (77).
 *
 * usage: test_guard [VECTORS_DIR] [SEED]
 */
#include "testutil.h"
#include "ref.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define GUARD_POSIX 1
#elif defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#define GUARD_WINDOWS 1
#endif

#if defined(GUARD_POSIX) || defined(GUARD_WINDOWS)

// Layout: [guard][data pages ...][guard]. lo is the first usable byte, hi
// the first byte of the upper guard.
typedef struct guarded {
    uint8_t *map;
    size_t   map_len;
    uint8_t *lo, *hi;
} guarded;

static size_t page;

#if defined(GUARD_WINDOWS)
static size_t page_size(void)
{
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return si.dwPageSize;
}

static int guarded_alloc(guarded *g, size_t pages)
{
    DWORD old;
    g->map_len = (pages + 2) * page;
    void *m = VirtualAlloc(NULL, g->map_len, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (m == NULL)
        return 0;
    g->map = (uint8_t *)m;
    g->lo = g->map + page;
    g->hi = g->lo + pages * page;
    return VirtualProtect(g->map, page, PAGE_NOACCESS, &old)
           && VirtualProtect(g->hi, page, PAGE_NOACCESS, &old);
}
#else
static size_t page_size(void)
{
    long ps = sysconf(_SC_PAGESIZE);
    return ps > 0 ? (size_t)ps : 4096;
}

static int guarded_alloc(guarded *g, size_t pages)
{
    g->map_len = (pages + 2) * page;
    void *m = mmap(NULL, g->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return 0;
    g->map = (uint8_t *)m;
    g->lo = g->map + page;
    g->hi = g->lo + pages * page;
    if (mprotect(g->map, page, PROT_NONE) != 0 || mprotect(g->hi, page, PROT_NONE) != 0)
        return 0;
    return 1;
}
#endif

enum { DATA_BYTES = 20 * 1024 }; // rounded up to whole pages

static guarded in, out, ctxg;

// Extra lengths beyond 0..300: block multiples and their neighbours.
// 1008, 1040, 1080, 1088: whole blocks of SHA3-224 (7 of 144), SHA3-384
// (10 of 104), SHA3-512 (15 of 72), SHA3-256 (8 of 136).
static const size_t big_lens[] = { 511,  512,  513,  1008, 1023, 1024, 1025, 1040,
                                   1080, 1088, 2048, 4095, 4096, 4097, 8192, 16384 + 64 };

// The message of length len ending at the upper guard (its start moves, so
// the alignment varies too).
static const uint8_t *msg_at_end(size_t len) { return in.hi - len; }

static void check_input(td_alg alg, size_t len, const uint8_t *msg)
{
    size_t d = td_digest_size(alg), b = td_block_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    td_ctx ctx;

    tu_set_len(len);
    ref_hash(alg, msg, len, want);
    memset(got, 0xEE, sizeof got);
    if (TU_OK(td_hash(alg, msg, len, got), "td_hash"))
        TU_EQ_MEM(got, want, d, "td_hash, input at a guard page");
    memset(got, 0xEE, sizeof got);
    tu_typed(alg)(msg, len, got);
    TU_EQ_MEM(got, want, d, "typed one-shot, input at a guard page");

    // Streaming: whole, then a cut that leaves a partial block for final.
    size_t cut = len > b ? len - (len % b) - (len % 3) : len / 2;
    int rc = td_init(&ctx, alg);
    if (rc == TD_OK) rc = td_update(&ctx, msg, len);
    if (rc == TD_OK) rc = td_final(&ctx, got);
    if (TU_OK(rc, "streaming"))
        TU_EQ_MEM(got, want, d, "streaming one update, input at a guard page");
    rc = td_init(&ctx, alg);
    if (rc == TD_OK) rc = td_update(&ctx, msg, cut);
    if (rc == TD_OK) rc = td_update(&ctx, msg + cut, len - cut);
    if (rc == TD_OK) rc = td_final(&ctx, got);
    if (TU_OK(rc, "streaming"))
        TU_EQ_MEM(got, want, d, "streaming two updates, input at a guard page");
    tu_clear_len();
}

static void check_many_input(td_alg alg, size_t len)
{
    enum { N = 17 };
    size_t d = td_digest_size(alg);
    const void *ptrs[N];
    size_t lens[N];
    uint8_t res[N * TD_MAX_DIGEST_SIZE], want[TD_MAX_DIGEST_SIZE];
    // Every message ends at the guard; lengths len, len-1, ... so lanes end
    // at different times.
    for (size_t i = 0; i < N; i++) {
        lens[i] = len >= i ? len - i : 0;
        ptrs[i] = in.hi - lens[i];
    }
    tu_set_len(len);
    if (TU_OK(td_hash_many(alg, N, ptrs, lens, res), "td_hash_many"))
        for (size_t i = 0; i < N; i++) {
            ref_hash(alg, ptrs[i], lens[i], want);
            TU_EQ_MEM(res + i * d, want, d, "td_hash_many, inputs at a guard page");
        }
    // Equal lengths (the shared last block's path): every message the same
    // bytes at the guard; and td_hash_many_fixed with the last of N messages
    // ending at the guard, then the first starting right after the other.
    for (size_t i = 0; i < N; i++) {
        lens[i] = len;
        ptrs[i] = in.hi - len;
    }
    ref_hash(alg, in.hi - len, len, want);
    if (TU_OK(td_hash_many(alg, N, ptrs, lens, res), "td_hash_many"))
        for (size_t i = 0; i < N; i++)
            TU_EQ_MEM(res + i * d, want, d, "td_hash_many, equal inputs at a guard page");
    if (N * len <= (size_t)(in.hi - in.lo)) {
        const uint8_t *const starts[2] = { in.hi - N * len, in.lo };
        for (size_t s = 0; s < 2; s++) {
            if (!TU_OK(td_hash_many_fixed(alg, N, starts[s], len, res), "td_hash_many_fixed"))
                continue;
            for (size_t i = 0; i < N; i++) {
                ref_hash(alg, starts[s] + i * len, len, want);
                TU_EQ_MEM(res + i * d, want, d,
                          s == 0 ? "td_hash_many_fixed, inputs ending at a guard page"
                                 : "td_hash_many_fixed, inputs after a guard page");
            }
        }
    }
    // One message alone, and one after a guard.
    const void *p = in.hi - len;
    if (TU_OK(td_hash_many(alg, 1, &p, &len, res), "td_hash_many")) {
        ref_hash(alg, p, len, want);
        TU_EQ_MEM(res, want, d, "td_hash_many n=1 at a guard page");
    }
    p = in.lo;
    if (TU_OK(td_hash_many(alg, 1, &p, &len, res), "td_hash_many")) {
        ref_hash(alg, p, len, want);
        TU_EQ_MEM(res, want, d, "td_hash_many n=1 after a guard page");
    }
    tu_clear_len();
}

// Running contexts through td_update_many: each holds a partial block of its
// own size first, then takes a chunk that ends at the upper guard (lengths
// len, len-1, ...), the contexts themselves ending at a guard too; then the
// same with chunks that start right after the lower guard; and for len a
// whole number of blocks, contexts holding whole blocks only that all take
// len bytes ending at the guard (the way of chunks of one size). The digests
// of td_final_many end at a guard. The reference hashes a copy of prefix and
// chunk together.
static void check_streams_input(td_alg alg, size_t len)
{
    enum { N = 17 }; // ctxg holds 17 contexts (CTX_PAGES)
    const size_t b = td_block_size(alg), d = td_digest_size(alg);
    td_ctx *const c = (td_ctx *)(void *)(ctxg.hi - N * sizeof(td_ctx));
    td_ctx *ctxs[N];
    const void *ptrs[N];
    size_t lens[N], pre[N];
    uint8_t want[TD_MAX_DIGEST_SIZE];
    uint8_t *const mo = out.hi - N * d;
    uint8_t *whole = (uint8_t *)malloc(2 * b + len + 1);
    if (whole == NULL) {
        fprintf(stderr, "test_guard: out of memory\n");
        exit(2);
    }
    tu_set_len(len);
    for (int mode = 0; mode < 3; mode++) {
        const int starts_after = mode == 1, aligned = mode == 2;
        if (aligned && (len == 0 || len % b != 0))
            break;
        for (size_t i = 0; i < N; i++) {
            ctxs[i] = c + i;
            pre[i] = aligned ? (i % 3) * b : (i * 7) % b;
            lens[i] = aligned ? len : len >= i ? len - i : 0;
            ptrs[i] = starts_after ? in.lo + i : in.hi - lens[i];
            int rc = td_init(ctxs[i], alg);
            if (rc == TD_OK) rc = td_update(ctxs[i], in.lo + 2000 + i, pre[i]);
            TU_OK(rc, "td_init and td_update before td_update_many");
        }
        if (!TU_OK(td_update_many(N, ctxs, ptrs, lens), "td_update_many"))
            continue;
        if (!TU_OK(td_final_many(N, ctxs, mo), "td_final_many"))
            continue;
        for (size_t i = 0; i < N; i++) {
            memcpy(whole, in.lo + 2000 + i, pre[i]);
            memcpy(whole + pre[i], ptrs[i], lens[i]);
            ref_hash(alg, whole, pre[i] + lens[i], want);
            TU_EQ_MEM(mo + i * d, want, d,
                      starts_after ? "td_update_many, chunks after a guard page, contexts and out at one"
                      : aligned    ? "td_update_many, whole blocks alike, chunks, contexts and out at a guard page"
                                   : "td_update_many, chunks, contexts and out at a guard page");
        }
    }

    // HMAC: the contexts (9 fit) and chunks at a guard, the MACs ending at
    // one; again with whole blocks alike into the fresh contexts.
    enum { H = 9 };
    td_hmac_ctx *const h = (td_hmac_ctx *)(void *)(ctxg.hi - H * sizeof(td_hmac_ctx));
    td_hmac_ctx *hctxs[H];
    uint8_t *const ho = out.hi - H * d;
    const uint8_t *key = in.lo + 3000;
    for (int aligned = 0; aligned < 2; aligned++) {
        if (aligned && (len == 0 || len % b != 0))
            break;
        for (size_t i = 0; i < H; i++) {
            hctxs[i] = h + i;
            pre[i] = aligned ? 0 : (i * 11) % b;
            lens[i] = aligned ? len : len >= i ? len - i : 0;
            ptrs[i] = in.hi - lens[i];
            int rc = td_hmac_init(hctxs[i], alg, key, i * 20);
            if (rc == TD_OK) rc = td_hmac_update(hctxs[i], in.lo + 2000 + i, pre[i]);
            TU_OK(rc, "td_hmac_init and td_hmac_update before td_hmac_update_many");
        }
        if (TU_OK(td_hmac_update_many(H, hctxs, ptrs, lens), "td_hmac_update_many")
            && TU_OK(td_hmac_final_many(H, hctxs, ho), "td_hmac_final_many"))
            for (size_t i = 0; i < H; i++) {
                memcpy(whole, in.lo + 2000 + i, pre[i]);
                memcpy(whole + pre[i], ptrs[i], lens[i]);
                ref_hmac(alg, key, i * 20, whole, pre[i] + lens[i], want);
                TU_EQ_MEM(ho + i * d, want, d, "td_hmac_update_many, chunks, contexts and out at a guard page");
            }
    }
    free(whole);
    tu_clear_len();
}

// td_final_many and td_hmac_final_many over more streams than one round of
// finals takes (32), the last digest's last byte the last before a guard.
static void check_streams_output(td_alg alg)
{
    enum { N = 40 };
    const size_t b = td_block_size(alg), d = td_digest_size(alg);
    td_ctx ctxs[N];
    td_ctx *ptrs[N];
    td_hmac_ctx hctxs[N];
    td_hmac_ctx *hptrs[N];
    uint8_t want[TD_MAX_DIGEST_SIZE];
    uint8_t *const o = out.hi - N * d;
    const uint8_t *msg = in.lo + 5;
    for (size_t i = 0; i < N; i++) {
        // Lengths around the padding edge: one last block or two.
        const size_t len = b - 12 + i;
        ptrs[i] = &ctxs[i];
        hptrs[i] = &hctxs[i];
        int rc = td_init(&ctxs[i], alg);
        if (rc == TD_OK) rc = td_update(&ctxs[i], msg, len);
        if (rc == TD_OK) rc = td_hmac_init(&hctxs[i], alg, msg + 100, i);
        if (rc == TD_OK) rc = td_hmac_update(&hctxs[i], msg, len);
        TU_OK(rc, "streams before td_final_many");
    }
    if (TU_OK(td_final_many(N, ptrs, o), "td_final_many"))
        for (size_t i = 0; i < N; i++) {
            ref_hash(alg, msg, b - 12 + i, want);
            TU_EQ_MEM(o + i * d, want, d, "td_final_many, output at a guard page");
        }
    if (TU_OK(td_hmac_final_many(N, hptrs, o), "td_hmac_final_many"))
        for (size_t i = 0; i < N; i++) {
            ref_hmac(alg, msg + 100, i, msg, b - 12 + i, want);
            TU_EQ_MEM(o + i * d, want, d, "td_hmac_final_many, output at a guard page");
        }
}

// Digests written so that their last byte is the last one before a guard.
static void check_output(td_alg alg)
{
    size_t d = td_digest_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE];
    uint8_t *o = out.hi - d;
    const uint8_t *msg = in.lo + 7;
    td_ctx ctx;

    // 64: a SHA-256 Merkle level's nodes, which some rows take to their
    // digests themselves.
    static const size_t lens_out[] = { 0, 61, 64, 122, 183, 244 };
    for (size_t l = 0; l < sizeof lens_out / sizeof lens_out[0]; l++) {
        const size_t len = lens_out[l];
        tu_set_len(len);
        ref_hash(alg, msg, len, want);
        if (TU_OK(td_hash(alg, msg, len, o), "td_hash"))
            TU_EQ_MEM(o, want, d, "td_hash, output at a guard page");
        memset(o, 0, d);
        tu_typed(alg)(msg, len, o);
        TU_EQ_MEM(o, want, d, "typed one-shot, output at a guard page");
        memset(o, 0, d);
        int rc = td_init(&ctx, alg);
        if (rc == TD_OK) rc = td_update(&ctx, msg, len);
        if (rc == TD_OK) rc = td_final(&ctx, o);
        if (TU_OK(rc, "streaming"))
            TU_EQ_MEM(o, want, d, "td_final, output at a guard page");

        // n digests from td_hash_many end at the guard.
        enum { N = 9 };
        const void *ptrs[N];
        size_t lens[N];
        uint8_t *mo = out.hi - N * d;
        for (size_t i = 0; i < N; i++) {
            ptrs[i] = msg + i;
            lens[i] = len + i;
        }
        if (TU_OK(td_hash_many(alg, N, ptrs, lens, mo), "td_hash_many"))
            for (size_t i = 0; i < N; i++) {
                ref_hash(alg, ptrs[i], lens[i], want);
                TU_EQ_MEM(mo + i * d, want, d, "td_hash_many, output at a guard page");
            }

        // n digests from td_hash_many_fixed end at the guard; twice, the
        // second time with the shared block's schedule kept from the first
        // (nodes then go by it).
        for (int pass = 0; pass < 2; pass++)
            if (TU_OK(td_hash_many_fixed(alg, N, msg, len, mo), "td_hash_many_fixed"))
                for (size_t i = 0; i < N; i++) {
                    ref_hash(alg, msg + i * len, len, want);
                    TU_EQ_MEM(mo + i * d, want, d, "td_hash_many_fixed, output at a guard page");
                }

        // HMAC output at the guard.
        uint8_t key[200];
        size_t key_len = (len * 7) % sizeof key;
        memcpy(key, in.lo + 1000, key_len);
        ref_hmac(alg, key, key_len, msg, len, want);
        if (TU_OK(td_hmac(alg, key, key_len, msg, len, out.hi - d), "td_hmac"))
            TU_EQ_MEM(out.hi - d, want, d, "td_hmac, output at a guard page");
    }
    tu_clear_len();

    // HKDF: every output length up to 3 digests + 1, ending at the guard; the
    // bytes must be a prefix of the longest output.
    size_t maxlen = 3 * d + 1;
    uint8_t full[3 * TD_MAX_DIGEST_SIZE + 1];
    if (TU_OK(td_hkdf(alg, "salt", 4, "ikm", 3, "info", 4, full, maxlen), "td_hkdf")) {
        for (size_t ol = 0; ol <= maxlen; ol++) {
            tu_set_len(ol);
            if (TU_OK(td_hkdf(alg, "salt", 4, "ikm", 3, "info", 4, out.hi - ol, ol), "td_hkdf"))
                TU_EQ_MEM(out.hi - ol, full, ol, "td_hkdf, output at a guard page");
        }
    }
    tu_clear_len();
}

// Contexts whose last byte is the last before a guard.
static void check_ctx(td_alg alg)
{
    size_t d = td_digest_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    td_ctx *c = (td_ctx *)(void *)(ctxg.hi - sizeof(td_ctx));
    td_ctx *c2 = (td_ctx *)(void *)(ctxg.hi - 2 * sizeof(td_ctx));
    const uint8_t *msg = in.lo + 3;

    for (size_t len = 0; len < 400; len += 29) {
        tu_set_len(len);
        ref_hash(alg, msg, len, want);
        int rc = td_init(c, alg);
        if (rc == TD_OK) rc = td_update(c, msg, len / 3);
        if (rc == TD_OK) rc = td_copy(c2, c);           // c2 just below c
        if (rc == TD_OK) rc = td_update(c, msg + len / 3, len - len / 3);
        if (rc == TD_OK) rc = td_final(c, got);
        if (TU_OK(rc, "streaming with a context at a guard page"))
            TU_EQ_MEM(got, want, d, "context at a guard page");
        rc = td_copy(c, c2);                            // and back into c
        if (rc == TD_OK) rc = td_update(c, msg + len / 3, len - len / 3);
        if (rc == TD_OK) rc = td_final(c, got);
        if (TU_OK(rc, "td_copy into a context at a guard page"))
            TU_EQ_MEM(got, want, d, "copied context at a guard page");
        ref_hash(alg, msg, len / 3, want);               // c2 still holds the prefix
        if (TU_OK(td_final(c2, got), "td_final of the fork below the guard"))
            TU_EQ_MEM(got, want, d, "fork of a context at a guard page");
    }
    tu_clear_len();

    // An HMAC context at the guard.
    td_hmac_ctx *h = (td_hmac_ctx *)(void *)(ctxg.hi - sizeof(td_hmac_ctx));
    uint8_t key[150];
    memcpy(key, in.lo + 500, sizeof key);
    for (size_t kl = 0; kl <= sizeof key; kl += 50) {
        ref_hmac(alg, key, kl, msg, 100, want);
        int rc = td_hmac_init(h, alg, key, kl);
        if (rc == TD_OK) rc = td_hmac_update(h, msg, 100);
        if (rc == TD_OK) rc = td_hmac_final(h, got);
        if (TU_OK(rc, "td_hmac with a context at a guard page"))
            TU_EQ_MEM(got, want, d, "HMAC context at a guard page");
    }
}

// SHAKE: messages that end at a guard or start right after one, through
// td_shake and td_xof_* (absorbed in two pieces); outputs whose last byte
// is the last before a guard, squeezed at once or in pieces; an xof whose
// last byte is the last before a guard.
static void check_xof(td_alg alg)
{
    const size_t rate = td_block_size(alg);
    enum { MAX_OUT = 3 * 168 + 2 };
    uint8_t want[MAX_OUT], got[MAX_OUT];
    td_xof *const x = (td_xof *)(void *)(ctxg.hi - sizeof(td_xof));
    static const size_t more[] = { 504, 505, 1007, 1008, 1009, 1088, 4096, 4097, 8192 };

    for (size_t k = 0; k <= 300 + sizeof more / sizeof more[0]; k++) {
        const size_t len = k <= 300 ? k : more[k - 301];
        const size_t out_len = 1 + (len * 13) % (MAX_OUT - 1);
        tu_set_len(len);
        for (int at_start = 0; at_start < 2; at_start++) {
            const uint8_t *msg = at_start ? in.lo : msg_at_end(len);
            ref_shake(alg, msg, len, want, out_len);
            memset(got, 0, sizeof got);
            if (TU_OK(td_shake(alg, msg, len, got, out_len), "td_shake"))
                TU_EQ_MEM(got, want, out_len,
                          at_start ? "td_shake, message after a guard page"
                                   : "td_shake, message ending at a guard page");
            const size_t cut = (len * 5) / 7;
            memset(got, 0, sizeof got);
            int rc = td_xof_init(x, alg);
            if (rc == TD_OK) rc = td_xof_absorb(x, msg, cut);
            if (rc == TD_OK) rc = td_xof_absorb(x, msg + cut, len - cut);
            if (rc == TD_OK) rc = td_xof_squeeze(x, got, out_len);
            if (TU_OK(rc, "td_xof_* with the xof at a guard page"))
                TU_EQ_MEM(got, want, out_len, "td_xof_*, message and xof at guard pages");
        }
    }

    // Outputs ending at the guard: every length up to three blocks and two.
    const uint8_t *msg = in.lo + 11;
    ref_shake(alg, msg, 77, want, MAX_OUT);
    for (size_t ol = 0; ol <= 3 * rate + 2; ol++) {
        uint8_t *o = out.hi - ol;
        tu_set_len(ol);
        if (TU_OK(td_shake(alg, msg, 77, o, ol), "td_shake"))
            TU_EQ_MEM(o, want, ol, "td_shake, output at a guard page");
        // Squeezed in pieces of 1 .. rate + 1 bytes, the last ending at the
        // guard.
        int rc = td_xof_init(x, alg);
        if (rc == TD_OK) rc = td_xof_absorb(x, msg, 77);
        for (size_t pos = 0, step = 1 + ol % 7; pos < ol && rc == TD_OK;) {
            size_t n = step < ol - pos ? step : ol - pos;
            rc = td_xof_squeeze(x, o + pos, n);
            pos += n;
            step = step % (rate + 1) + 5;
        }
        if (TU_OK(rc, "td_xof_squeeze in pieces"))
            TU_EQ_MEM(o, want, ol, "td_xof_squeeze in pieces, output at a guard page");
    }
    tu_clear_len();
}

int main(int argc, char **argv)
{
    tu_init(argc, argv, "test_guard");
    page = page_size();
    if (!guarded_alloc(&in, (DATA_BYTES + page - 1) / page)
        || !guarded_alloc(&out, 1)
        // 17 td_ctx or 9 td_hmac_ctx side by side (check_streams_input):
        // more than a page since SHA-3's 200-byte state and 168-byte buffer.
        || !guarded_alloc(&ctxg, (17 * sizeof(td_ctx) + 9 * sizeof(td_hmac_ctx) + page - 1) / page)) {
        fprintf(stderr, "test_guard: guard pages could not be set up\n");
        return 2;
    }
    tu_rand_fill(in.lo, (size_t)(in.hi - in.lo));

    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        td_alg alg = tu_all_algs[a];
        const char *be;
        TU_FOR_EACH_BACKEND(alg, TD_SINGLE, be) {
            for (size_t len = 0; len <= 300; len++) {
                check_input(alg, len, msg_at_end(len));
                check_input(alg, len, in.lo); // starting right after a guard
            }
            for (size_t i = 0; i < sizeof big_lens / sizeof big_lens[0]; i++) {
                check_input(alg, big_lens[i], msg_at_end(big_lens[i]));
                check_input(alg, big_lens[i], in.lo);
            }
            check_output(alg);
            check_ctx(alg);
        }
        TU_FOR_EACH_BACKEND(alg, TD_MULTI, be) {
            for (size_t len = 0; len <= 300; len += 1 + len / 16)
                check_many_input(alg, len);
            // Merkle nodes of SHA-256 and SHA-512, which that walk steps over.
            check_many_input(alg, 64);
            check_many_input(alg, 128);
            for (size_t i = 0; i < sizeof big_lens / sizeof big_lens[0]; i++)
                check_many_input(alg, big_lens[i]);
            for (size_t len = 0; len <= 300; len += 1 + len / 16)
                check_streams_input(alg, len);
            for (size_t i = 0; i < sizeof big_lens / sizeof big_lens[0]; i++)
                check_streams_input(alg, big_lens[i]);
            check_streams_output(alg);
        }
    }
    for (size_t x = 0; x < 2; x++) {
        const char *be;
        TU_FOR_EACH_BACKEND(tu_xofs[x], TD_SINGLE, be)
            check_xof(tu_xofs[x]);
    }
    return tu_finish();
}

#else // neither POSIX nor Windows

int main(int argc, char **argv)
{
    tu_init(argc, argv, "test_guard");
    printf("test_guard: skipped, no guard pages on this platform\n");
    return 77;
}

#endif
