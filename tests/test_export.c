/* SPDX-License-Identifier: Apache-2.0
 * Saving and resuming a hash: td_ctx_export / td_ctx_import and
 * td_hmac_ctx_export / td_hmac_ctx_import.
 *   - Every algorithm: random messages hashed up to every split point,
 *     exported, imported into a fresh context (zero-filled, or holding
 *     another hash), continued and finished give the one-shot digest (HMAC:
 *     td_hmac's, keys shorter and longer than a block); the export has the
 *     documented size, and the import exports again to the same bytes.
 *   - Every corruption: each header byte changed, the CRC off, truncated at
 *     every length, a byte more; then behind a CRC sealed again (so that
 *     the field's own check must refuse it): magic, version, algorithm,
 *     zero byte, buffered count inconsistent with the length, the
 *     algorithm's length limit, an HMAC inner hash without its key block,
 *     one kind's export given to the other's import. Each refused with
 *     TD_ERR_ARG and the context byte for byte as it was; the limits
 *     themselves are accepted.
 *   - Exports of a context never initialised or finished, an HMAC of two
 *     algorithms or with its outer hash fed, cap one byte short, NULL: 0,
 *     with nothing written.
 *   - Fixed exports written on x86-64 (below): on every machine (the suite
 *     runs on s390x, big-endian, under qemu) they import and continue to
 *     the digests Python's hashlib and hmac give, and export again to the
 *     same bytes.
 * No OpenSSL: the references are the library's one-shots, themselves
 * checked against the vectors by test_kat and test_mac_kat.
 *
 * usage: test_export [VECTORS_DIR] [SEED]   (TD_TEST_SHORT=1: fewer messages)
 */
#include "testutil.h"
#include "export_format.h"

enum { MAX_MSG = 4 * TD_MAX_BLOCK_SIZE, MAX_EXPORT = TD_HMAC_CTX_EXPORT_MAX };

// ----------------------------------------------------------- either kind

// td_ctx and td_hmac_ctx behind one set of calls, so that every check runs
// on both kinds.
typedef union any_ctx {
    td_ctx      hash;
    td_hmac_ctx hmac;
} any_ctx;

static size_t export_of(int hmac, const any_ctx *c, uint8_t *buf, size_t cap)
{
    return hmac ? td_hmac_ctx_export(&c->hmac, buf, cap) : td_ctx_export(&c->hash, buf, cap);
}

static int import_of(int hmac, any_ctx *c, const uint8_t *buf, size_t len)
{
    return hmac ? td_hmac_ctx_import(&c->hmac, buf, len) : td_ctx_import(&c->hash, buf, len);
}

static int start(int hmac, any_ctx *c, td_alg alg, const uint8_t *key, size_t key_len)
{
    return hmac ? td_hmac_init(&c->hmac, alg, key, key_len) : td_init(&c->hash, alg);
}

static int update(int hmac, any_ctx *c, const uint8_t *p, size_t n)
{
    return hmac ? td_hmac_update(&c->hmac, p, n) : td_update(&c->hash, p, n);
}

static int finish(int hmac, any_ctx *c, uint8_t *out)
{
    return hmac ? td_hmac_final(&c->hmac, out) : td_final(&c->hash, out);
}

static void one_shot(int hmac, td_alg alg, const uint8_t *key, size_t key_len, const uint8_t *m,
                     size_t n, uint8_t *out)
{
    const int rc = hmac ? td_hmac(alg, key, key_len, m, n, out) : td_hash(alg, m, n, out);
    TU_OK(rc, "the one-shot reference");
}

static const char *kind_name(int hmac)
{
    return hmac ? "td_hmac_ctx" : "td_ctx";
}

// The size of a context of the kind, for byte-for-byte comparisons.
static size_t ctx_size(int hmac)
{
    return hmac ? sizeof(td_hmac_ctx) : sizeof(td_ctx);
}

// A context holding a live hash of another algorithm than alg, to import
// into: what it holds must not matter, nor survive.
static void other_live(int hmac, any_ctx *c, td_alg alg)
{
    const td_alg other = alg == TD_SHA256 ? TD_MD5 : TD_SHA256;
    memset(c, 0, sizeof *c); // the buffer's unused bytes defined, for memcmp later
    start(hmac, c, other, (const uint8_t *)"k", 1);
    update(hmac, c, (const uint8_t *)"some other message", 18);
}

// ------------------------------------------------------------- round trips

// Hash msg[0 .. split), export, import into a fresh context, continue with
// the rest: the one-shot's digest; the export's size as documented; the
// import exports again to the same bytes.
static void round_trip(int hmac, td_alg alg, const uint8_t *key, size_t key_len,
                       const uint8_t *msg, size_t len, size_t split, const uint8_t *want)
{
    uint8_t blob[MAX_EXPORT], again[MAX_EXPORT], got[TD_MAX_DIGEST_SIZE];
    any_ctx src, dst;
    tu_set_len(split);
    start(hmac, &src, alg, key, key_len);
    update(hmac, &src, msg, split);
    const size_t n = export_of(hmac, &src, blob, sizeof blob);
    const size_t buffered = split % td_block_size(alg);
    if (!TU_EQ_INT(n, ef_size(alg, hmac, buffered), "the export's size"))
        return;
    if (split % 3 == 0)
        memset(&dst, 0, sizeof dst);
    else
        other_live(hmac, &dst, alg);
    if (!TU_OK(import_of(hmac, &dst, blob, n), "import of an export"))
        return;
    TU_EQ_INT(export_of(hmac, &dst, again, sizeof again), n, "size of the export again");
    TU_EQ_MEM(again, blob, n, "an import exported again");
    update(hmac, &dst, msg + split, len - split);
    TU_OK(finish(hmac, &dst, got), "final after import");
    TU_EQ_MEM(got, want, td_digest_size(alg), "export, import, continue, against the one-shot");
    // The source is left as it was: it finishes the same way.
    update(hmac, &src, msg + split, len - split);
    finish(hmac, &src, got);
    TU_EQ_MEM(got, want, td_digest_size(alg), "the exported context, continued");
}

static void run_round_trips(int short_run)
{
    static uint8_t msg[MAX_MSG], key[TD_MAX_BLOCK_SIZE + 9];
    const size_t messages = short_run ? 1 : 3;
    for (int hmac = 0; hmac < 2; hmac++) {
        for (size_t a = 0; a < TD_ALG_COUNT; a++) {
            const td_alg alg = tu_all_algs[a];
            const size_t b = td_block_size(alg);
            tu_set_alg(alg);
            for (size_t m = 0; m < messages; m++) {
                // Up to three blocks and a few bytes: every buffered count.
                const size_t len = m == 0 ? 3 * b + 7 : tu_rand_range(0, 3 * b + 7);
                const size_t key_len = tu_rand_below(2) ? tu_rand_range(0, 20) : b + 9;
                uint8_t want[TD_MAX_DIGEST_SIZE];
                tu_rand_fill(msg, len);
                tu_rand_fill(key, key_len);
                one_shot(hmac, alg, key, key_len, msg, len, want);
                for (size_t split = 0; split <= len; split++)
                    round_trip(hmac, alg, key, key_len, msg, len, split, want);
            }
        }
    }
    tu.alg_set = 0;
    tu_clear_len();
}

// -------------------------------------------------------------- corruption

// An import of blob that must be refused, the target left byte for byte as
// it was.
static void refused(int hmac, const uint8_t *blob, size_t len, const char *what)
{
    any_ctx target, before;
    other_live(hmac, &target, TD_SHA1);
    memcpy(&before, &target, sizeof target);
    TU_EQ_INT(import_of(hmac, &target, blob, len), TD_ERR_ARG, what);
    TU_EQ_MEM(&target, &before, ctx_size(hmac), "the context after a refused import");
}

// An import of blob that must be accepted and export again to the same
// bytes: the limits of the checks.
static void accepted(int hmac, const uint8_t *blob, size_t len, const char *what)
{
    any_ctx target;
    uint8_t again[MAX_EXPORT];
    memset(&target, 0, sizeof target);
    if (TU_OK(import_of(hmac, &target, blob, len), what)) {
        TU_EQ_INT(export_of(hmac, &target, again, sizeof again), len, what);
        TU_EQ_MEM(again, blob, len, what);
    }
}

// A fresh export of alg with n bytes buffered after `blocks` whole blocks.
static size_t make_export(int hmac, td_alg alg, size_t blocks, size_t n, uint8_t *blob)
{
    static uint8_t msg[MAX_MSG];
    any_ctx c;
    const size_t len = blocks * td_block_size(alg) + n;
    tu_rand_fill(msg, len);
    start(hmac, &c, alg, (const uint8_t *)"key", 3);
    update(hmac, &c, msg, len);
    return export_of(hmac, &c, blob, MAX_EXPORT);
}

// Each header byte changed, the CRC off, every truncation, a byte more:
// the CRC or the size refuses them.
static void unsealed_corruptions(int hmac, const uint8_t *blob, size_t len)
{
    static const uint8_t flips[] = { 0x01, 0x80, 0xff };
    uint8_t bad[MAX_EXPORT + 1];
    if (len < EF_HEADER + EF_CRC || len > MAX_EXPORT)
        return;
    for (size_t at = 0; at < EF_HEADER + 16 && at < len; at++) {
        for (size_t f = 0; f < sizeof flips; f++) {
            memcpy(bad, blob, len);
            bad[at] ^= flips[f];
            refused(hmac, bad, len, "a changed header or length byte");
        }
    }
    memcpy(bad, blob, len);
    bad[len - 1] ^= 0x01;
    refused(hmac, bad, len, "the CRC off by one bit");
    memcpy(bad, blob, len);
    bad[len / 2] ^= 0x10;
    refused(hmac, bad, len, "a byte in the state changed");
    for (size_t cut = 0; cut < len; cut++)
        refused(hmac, blob, cut, "truncated");
    memcpy(bad, blob, len);
    bad[len] = 0;
    refused(hmac, bad, len + 1, "a byte more");
}

// Header fields changed and the CRC sealed again: each field's own check.
static void sealed_header_corruptions(int hmac, td_alg alg, const uint8_t *blob, size_t len)
{
    uint8_t bad[MAX_EXPORT + 2];
    static const uint8_t bad_versions[] = { 0, 2, 0x81, 0xff };
    for (size_t v = 0; v < sizeof bad_versions; v++) {
        memcpy(bad, blob, len);
        bad[EF_VERSION] = bad_versions[v];
        ef_seal(bad, len);
        refused(hmac, bad, len, "another version");
    }
    for (size_t at = EF_MAGIC; at < EF_MAGIC + 4; at++) {
        memcpy(bad, blob, len);
        bad[at] ^= 0x20; // "TDCX" is not the magic either
        ef_seal(bad, len);
        refused(hmac, bad, len, "another magic");
    }
    memcpy(bad, blob, len);
    bad[EF_ZERO] = 1;
    ef_seal(bad, len);
    refused(hmac, bad, len, "the zero byte set");
    // Every other algorithm: another family has other sizes; one of the same
    // family (SHA-224 for SHA-256) is a valid export of that algorithm.
    for (unsigned other = 0; other < 256; other++) {
        if (other == (unsigned)alg)
            continue;
        memcpy(bad, blob, len);
        bad[EF_ALG] = (uint8_t)other;
        ef_seal(bad, len);
        // SHA-3's rates differ, its state not: a SHA3-224 export after no
        // whole block is a SHA3-512 one too, where the count fits its rate.
        if (other < TD_ALG_COUNT && ef_size((td_alg)other, hmac, bad[EF_BUFFERED]) == len &&
            (td_block_size((td_alg)other) == td_block_size(alg) ||
             (tu_is_sha3(alg) && tu_is_sha3((td_alg)other) && ef_well_formed(bad, len, hmac))))
            accepted(hmac, bad, len, "the export as one of another algorithm of the family");
        else
            refused(hmac, bad, len, "another algorithm");
    }
    // The other kind's magic and import.
    memcpy(bad, blob, len);
    memcpy(bad + EF_MAGIC, hmac ? "tdcx" : "tdhm", 4);
    ef_seal(bad, len);
    refused(hmac, bad, len, "the other kind's magic");
    refused(!hmac, blob, len, "an export given to the other kind's import");
}

// The length and the buffered count changed, sealed again.
static void sealed_length_corruptions(int hmac, td_alg alg, const uint8_t *blob, size_t len)
{
    uint8_t bad[MAX_EXPORT + 2];
    const size_t b = td_block_size(alg), n = blob[EF_BUFFERED], lo_at = ef_length_lo_at(alg);
    const uint64_t lo = ef_get64(blob + lo_at);
    const uint64_t max_61 = ((uint64_t)1 << 61) - 1;

    // The length off by one, and off by a block (consistent again: a valid
    // export of a longer message).
    memcpy(bad, blob, len);
    ef_put64(bad + lo_at, lo + 1);
    ef_seal(bad, len);
    refused(hmac, bad, len, "the length not matching the buffered count");
    memcpy(bad, blob, len);
    ef_put64(bad + lo_at, lo + b);
    ef_seal(bad, len);
    accepted(hmac, bad, len, "the length a block longer");

    // The buffered count one more, with a byte more so that the size holds.
    if (n + 1 < b) {
        const size_t at = ef_buffered_at(alg, hmac);
        memcpy(bad, blob, at + n);
        bad[at + n] = 0x5a;
        bad[EF_BUFFERED] = (uint8_t)(n + 1);
        ef_seal(bad, len + 1);
        refused(hmac, bad, len + 1, "one byte more buffered than the length says");
        ef_put64(bad + lo_at, lo + 1);
        ef_seal(bad, len + 1);
        accepted(hmac, bad, len + 1, "one byte more buffered, and in the length");
    }
    // A byte more, or one fewer, before the CRC, sealed: the size is off.
    memcpy(bad, blob, len - EF_CRC);
    bad[len - EF_CRC] = 0;
    ef_seal(bad, len + 1);
    refused(hmac, bad, len + 1, "a byte more before the CRC, sealed again");
    memcpy(bad, blob, len);
    ef_seal(bad, len - 1);
    refused(hmac, bad, len - 1, "a byte fewer before the CRC, sealed again");
    // The buffered count the block size and above, the length consistent
    // as far as it can be.
    for (size_t big = b; big < 256; big += b / 2) {
        uint8_t huge[MAX_EXPORT + 256];
        const size_t at = ef_buffered_at(alg, hmac), hlen = ef_size(alg, hmac, big);
        memcpy(huge, blob, at);
        memset(huge + at, 0x33, big);
        huge[EF_BUFFERED] = (uint8_t)big;
        ef_put64(huge + lo_at, (lo - n) + big);
        ef_seal(huge, hlen);
        refused(hmac, huge, hlen, "a block or more buffered");
    }

    // The length limit: SHA-1 and SHA-224/256 2^61 - 1 bytes, the SHA-512
    // family's high half 2^61 - 1, MD5 none, SHA-3 2^64 - 1 bytes (the
    // field's largest value: nothing above it to refuse).
    memcpy(bad, blob, len);
    if (tu_is_sha3(alg)) {
        ef_put64(bad + lo_at, (max_61 + 1) + b - (((max_61 + 1) % b + b - n) % b));
        ef_seal(bad, len);
        accepted(hmac, bad, len, "SHA-3 past 2^61 bytes");
        ef_put64(bad + lo_at, UINT64_MAX - ((UINT64_MAX - n) % b));
        ef_seal(bad, len);
        accepted(hmac, bad, len, "SHA-3's longest message, 2^64 - 1 bytes or just below");
    } else if (td_block_size(alg) == 128) {
        ef_put64(bad + EF_LENGTH, max_61);
        ef_seal(bad, len);
        accepted(hmac, bad, len, "the SHA-512 family's longest message");
        ef_put64(bad + EF_LENGTH, max_61 + 1);
        ef_seal(bad, len);
        refused(hmac, bad, len, "a length past 2^125 - 1 bytes");
        ef_put64(bad + EF_LENGTH, UINT64_MAX);
        ef_seal(bad, len);
        refused(hmac, bad, len, "a length of 2^128 - 1 bytes");
    } else {
        ef_put64(bad + lo_at, (max_61 - (b - 1)) + n);
        ef_seal(bad, len);
        accepted(hmac, bad, len, "the longest message in 2^64 - 1 bits");
        ef_put64(bad + lo_at, (max_61 + 1) + n);
        ef_seal(bad, len);
        if (alg == TD_MD5)
            accepted(hmac, bad, len, "MD5 past 2^64 bits (no limit)");
        else
            refused(hmac, bad, len, "a length past 2^61 - 1 bytes");
        ef_put64(bad + lo_at, (UINT64_MAX - (b - 1)) + n);
        ef_seal(bad, len);
        if (alg == TD_MD5)
            accepted(hmac, bad, len, "MD5 near 2^64 bytes");
        else
            refused(hmac, bad, len, "a length near 2^64 bytes");
    }
    // An HMAC's inner hash has taken the key block: a length below it is
    // not an HMAC's.
    if (hmac) {
        memcpy(bad, blob, len);
        if (td_block_size(alg) == 128)
            ef_put64(bad + EF_LENGTH, 0);
        ef_put64(bad + lo_at, n);
        ef_seal(bad, len);
        refused(hmac, bad, len, "an HMAC whose inner hash lacks the key block");
    }
}

static void run_corruptions(void)
{
    for (int hmac = 0; hmac < 2; hmac++) {
        for (size_t a = 0; a < TD_ALG_COUNT; a++) {
            const td_alg alg = tu_all_algs[a];
            const size_t b = td_block_size(alg);
            const size_t buffered[] = { 0, 1, b / 2, b - 1 };
            tu_set_alg(alg);
            for (size_t k = 0; k < sizeof buffered / sizeof buffered[0]; k++) {
                uint8_t blob[MAX_EXPORT];
                const size_t len = make_export(hmac, alg, k, buffered[k], blob);
                tu_set_len(len);
                if (!TU_EQ_INT(len, ef_size(alg, hmac, buffered[k]), "export size"))
                    continue;
                accepted(hmac, blob, len, "the export as made");
                unsealed_corruptions(hmac, blob, len);
                sealed_header_corruptions(hmac, alg, blob, len);
                sealed_length_corruptions(hmac, alg, blob, len);
            }
        }
    }
    tu.alg_set = 0;
    tu_clear_len();
    uint8_t blob[8] = { 't', 'd', 'c', 'x', 1, 0, 0, 0 };
    td_ctx c;
    td_hmac_ctx h;
    TU_EQ_INT(td_ctx_import(&c, NULL, 8), TD_ERR_ARG, "td_ctx_import of NULL");
    TU_EQ_INT(td_ctx_import(NULL, blob, 8), TD_ERR_ARG, "td_ctx_import into NULL");
    TU_EQ_INT(td_hmac_ctx_import(NULL, blob, 8), TD_ERR_ARG, "td_hmac_ctx_import into NULL");
    TU_EQ_INT(td_hmac_ctx_import(&h, NULL, 0), TD_ERR_ARG, "td_hmac_ctx_import of NULL");
}

// ------------------------------------------------------- refused exports

// An export that must give 0 and leave buf as it was.
static void no_export(int hmac, const any_ctx *c, size_t cap, const char *what)
{
    uint8_t buf[MAX_EXPORT];
    memset(buf, 0xEE, sizeof buf);
    TU_EQ_INT(export_of(hmac, c, buf, cap), 0, what);
    int intact = 1;
    for (size_t i = 0; i < sizeof buf; i++)
        intact &= buf[i] == 0xEE;
    TU_CHECK(intact, "%s: %s wrote to buf", what, kind_name(hmac));
}

static void run_refused_exports(void)
{
    for (int hmac = 0; hmac < 2; hmac++) {
        any_ctx c;
        uint8_t digest[TD_MAX_DIGEST_SIZE], out[MAX_EXPORT];
        memset(&c, 0, sizeof c);
        no_export(hmac, &c, MAX_EXPORT, "a context never initialised");
        for (size_t a = 0; a < TD_ALG_COUNT; a++) {
            const td_alg alg = tu_all_algs[a];
            tu_set_alg(alg);
            start(hmac, &c, alg, (const uint8_t *)"key", 3);
            update(hmac, &c, (const uint8_t *)"abc", 3);
            const size_t size = ef_size(alg, hmac, 3);
            no_export(hmac, &c, size - 1, "cap one byte short");
            no_export(hmac, &c, 0, "cap 0");
            TU_EQ_INT(export_of(hmac, &c, out, size), size, "cap the exact size");
            TU_EQ_INT(export_of(hmac, &c, NULL, MAX_EXPORT), 0, "export to NULL");
            finish(hmac, &c, digest);
            no_export(hmac, &c, MAX_EXPORT, "a finished context");
        }
    }
    uint8_t buf[MAX_EXPORT];
    TU_EQ_INT(td_ctx_export(NULL, buf, sizeof buf), 0, "td_ctx_export of NULL");
    TU_EQ_INT(td_hmac_ctx_export(NULL, buf, sizeof buf), 0, "td_hmac_ctx_export of NULL");
    // HMAC halves that td_hmac_init and td_hmac_update never leave.
    td_hmac_ctx h, other;
    any_ctx c;
    td_hmac_init(&h, TD_SHA256, "key", 3);
    td_hmac_init(&other, TD_SHA224, "key", 3);
    c.hmac = h;
    c.hmac.td_outer = other.td_outer;
    no_export(1, &c, MAX_EXPORT, "HMAC halves of two algorithms");
    c.hmac = h;
    td_update(&c.hmac.td_outer, "x", 1);
    no_export(1, &c, MAX_EXPORT, "HMAC with its outer hash fed");
    c.hmac = h;
    td_update(&c.hmac.td_outer, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
              64);
    no_export(1, &c, MAX_EXPORT, "HMAC with its outer hash fed a whole block");
    c.hmac = h;
    td_init(&c.hmac.td_inner, TD_SHA256);
    no_export(1, &c, MAX_EXPORT, "HMAC whose inner hash lacks the key block");
    c.hmac = h;
    memset(&c.hmac.td_outer, 0, sizeof c.hmac.td_outer);
    no_export(1, &c, MAX_EXPORT, "HMAC with its outer half never initialised");
    tu.alg_set = 0;
}

// ------------------------------------------------------------ fixed exports

// Exports written by this library on x86-64 (little-endian): the message is
// byte i = (7 * i + 3) mod 256, 150 bytes, cut at `split`; want is the
// digest of all 150 bytes from Python's hashlib (hmac.new(b"Jefe", ...) for
// HMAC).
static const struct {
    int         hmac;
    td_alg      alg;
    size_t      split;
    const char *blob;
    const char *want;
} fixed[] = {
    { 0, TD_MD5, 130,
      "74646378010002000000000000000082c2c8da3c89c45454a7f849ae64e70ccd"
      "838af1f9a42c",
      "67b90e1e5204b9c03936b9de7170903a" },
    { 0, TD_SHA1, 70,
      "7464637801010600000000000000004617aa71d1476e35aebdf1b780238dc84f"
      "b0bb64c0c3cad1d8dfe6523f4907",
      "76044d030d3b6ebafc31c2693ff80348197b2333" },
    { 0, TD_SHA256, 100,
      "74646378010324000000000000000064efd29b436f63eaf244f598951fbb7c8f"
      "2a517b27d2015d2951958d1b5d12bf47c3cad1d8dfe6edf4fb020910171e252c"
      "333a41484f565d646b727980878e959ca3aab1b84683a7bb",
      "c695ceb0b71f85051f19f35d77dcf44ed433c9db49f46d7858a599f6186af365" },
    { 0, TD_SHA384, 0,
      "746463780104000000000000000000000000000000000000cbbb9d5dc1059ed8"
      "629a292a367cd5079159015a3070dd17152fecd8f70e593967332667ffc00b31"
      "8eb44a8768581511db0c2e0d64f98fa747b5481dbefa4fa484604ca8",
      "55f1238a09324f35d4666a327ce03f2fa1a8b2506ae9a6a77cdbddebed5c38e7"
      "52a725ff76ba74a3d84fd9d9e0192589" },
    { 0, TD_SHA512_224, 140,
      "7464637801060c000000000000000000000000000000008c342a07f405508495"
      "1d5645852fc0fc5f71be238ec9f979b3a247a9b7203c21fcb8b7a385e8c5dc15"
      "057c3295145d8ed6b6e82a95f627403802780d0db11ca7d0838a91989fa6adb4"
      "bbc2c9d043f0be15",
      "e116d60de3d16a1c99d5b07115be76393da5b1fc4a15e0c2e2a37009" },
    { 1, TD_SHA512, 140,
      "7464686d01050c000000000000000000000000000000010c72fd89e6d155e7ae"
      "dd94b452b024e51f66c5425fc599d845c1038c61afcac8cb55ecb28f1b0a7808"
      "3a9df2a884da801bb9130d4fea00e2cf3e50f6699cce2d5183d8dbc75ec49d77"
      "d535857580406c07bb10239361eb94ed9f7e08acb483074c323fc8bd79797b65"
      "d89aac55f50a9028c174b5c89503ead315e05f915d5ceb81838a91989fa6adb4"
      "bbc2c9d00002b76a",
      "d33c4a3ab94b8b42a72155fa473363cce5725e6085171c372005afe8ab60fd4c"
      "3e8e202fa1427b34c9e922238f4e651b627b5ece626996ce5ceecbff990b13e0" },
    { 1, TD_SHA1, 30,
      "7464686d01011e00000000000000005e624d8ea73f2b18039554b9e428c065f5"
      "a9fcb98e2088372af50610a1f82f8b058e4bfe32280b4e35030a11181f262d34"
      "3b424950575e656c737a81888f969da4abb2b9c0c7ce28fa6741",
      "3551400b9f8a0110db40fd6ec697f529c7a82913" },
};

static void run_fixed(void)
{
    uint8_t msg[150];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(7 * i + 3);
    for (size_t f = 0; f < sizeof fixed / sizeof fixed[0]; f++) {
        const int hmac = fixed[f].hmac;
        uint8_t blob[MAX_EXPORT], want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
        uint8_t again[MAX_EXPORT];
        const size_t len = (size_t)tu_hex_decode(fixed[f].blob, strlen(fixed[f].blob), blob);
        tu_hex_decode(fixed[f].want, strlen(fixed[f].want), want);
        tu_set_alg(fixed[f].alg);
        tu_set_len(fixed[f].split);
        any_ctx c;
        memset(&c, 0, sizeof c);
        if (!TU_OK(import_of(hmac, &c, blob, len), "import of an export written on x86-64"))
            continue;
        TU_EQ_INT(export_of(hmac, &c, again, sizeof again), len, "the fixed export, again");
        TU_EQ_MEM(again, blob, len, "the fixed export exported again here");
        update(hmac, &c, msg + fixed[f].split, sizeof msg - fixed[f].split);
        finish(hmac, &c, got);
        TU_EQ_MEM(got, want, td_digest_size(fixed[f].alg),
                  "a hash exported on x86-64, continued here, against Python's");
    }
    tu.alg_set = 0;
    tu_clear_len();
}

// TD_CTX_EXPORT_MAX and TD_HMAC_CTX_EXPORT_MAX are the largest exports:
// the format's sizes at a block less one buffered, and real exports of them.
static void run_maxima(void)
{
    size_t most[2] = { 0, 0 };
    for (int hmac = 0; hmac < 2; hmac++) {
        for (size_t a = 0; a < TD_ALG_COUNT; a++) {
            const td_alg alg = tu_all_algs[a];
            const size_t b = td_block_size(alg), size = ef_size(alg, hmac, b - 1);
            uint8_t blob[MAX_EXPORT + 1];
            tu_set_alg(alg);
            if (size > most[hmac])
                most[hmac] = size;
            TU_CHECK(size <= (hmac ? TD_HMAC_CTX_EXPORT_MAX : TD_CTX_EXPORT_MAX),
                     "an export of %zu bytes is above the documented maximum", size);
            const size_t len = make_export(hmac, alg, 2, b - 1, blob);
            TU_EQ_INT(len, size, "the export with a block less one buffered");
        }
    }
    tu.alg_set = 0;
    TU_EQ_INT(most[0], TD_CTX_EXPORT_MAX, "the largest td_ctx export");
    TU_EQ_INT(most[1], TD_HMAC_CTX_EXPORT_MAX, "the largest td_hmac_ctx export");
    TU_EQ_INT(ef_size(TD_SHA3_224, 0, 143), 363, "SHA3-224 with 143 bytes buffered");
}

int main(int argc, char **argv)
{
    tu_init(argc, argv, "test_export");
    run_maxima();
    tu.no_flagship = 1; // no backend is pinned here
    run_fixed();
    run_refused_exports();
    run_corruptions();
    run_round_trips(getenv("TD_TEST_SHORT") != NULL);
    return tu_finish();
}
