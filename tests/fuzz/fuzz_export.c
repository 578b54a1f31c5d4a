/* SPDX-License-Identifier: Apache-2.0
 * td_ctx_import and td_hmac_ctx_import on bytes the input gives, into a
 * context holding another live hash: no crash, and no accepted garbage:
 * accepted exactly when the bytes follow the format's rules as
 * export_format.h states them again. Refused: TD_ERR_ARG with the context
 * byte for byte as it was. Accepted:
 * the context exports again to exactly the input's bytes, imports again,
 * and goes on hashing; two imports of the same bytes continue alike.
 *
 * Input: a flags byte, then either
 *  - raw (flag 0x04 clear): the bytes to import, their last 4 (the CRC)
 *    first computed afresh when flag 0x02 is set, so that the checks behind
 *    the CRC's are reached;
 *  - built (flag 0x04 set): alg, a message length (16 bits, modulo 600),
 *    the number of changes, then pairs (place, XOR mask) that change the
 *    export of that message's hash (the message being the rest of the input,
 *    repeated), sealed again with flag 0x02. Without changes the import
 *    must be accepted, and the hash must finish to td_hash's (td_hmac's)
 *    digest of the message with the input's last 8 bytes after it.
 * Flag 0x01: an HMAC context (key "fuzz" when built).
 */
#include "fuzz.h"
#include "export_format.h"

enum { F_HMAC = 0x01, F_SEAL = 0x02, F_BUILT = 0x04, MAX_MSG = 600, MAX_CHANGES = 16 };

typedef union any_ctx {
    td_ctx      hash;
    td_hmac_ctx hmac;
} any_ctx;

static int import_of(int hmac, any_ctx *c, const uint8_t *buf, size_t len)
{
    return hmac ? td_hmac_ctx_import(&c->hmac, buf, len) : td_ctx_import(&c->hash, buf, len);
}

static size_t export_of(int hmac, const any_ctx *c, uint8_t *buf, size_t cap)
{
    return hmac ? td_hmac_ctx_export(&c->hmac, buf, cap) : td_ctx_export(&c->hash, buf, cap);
}

static void update(int hmac, any_ctx *c, const uint8_t *p, size_t n)
{
    const int rc = hmac ? td_hmac_update(&c->hmac, p, n) : td_update(&c->hash, p, n);
    FZ_CHECK(rc == TD_OK || rc == TD_ERR_LENGTH, "update after import = %d", rc);
}

static void finish(int hmac, any_ctx *c, uint8_t *out)
{
    const int rc = hmac ? td_hmac_final(&c->hmac, out) : td_final(&c->hash, out);
    FZ_CHECK(rc == TD_OK, "final after import = %d", rc);
}

// A context holding a live hash, to import into.
static void live_target(int hmac, any_ctx *c)
{
    int rc;
    if (hmac)
        rc = td_hmac_init(&c->hmac, TD_SHA1, "target", 6);
    else
        rc = td_init(&c->hash, TD_SHA384);
    FZ_CHECK(rc == TD_OK, "init");
    update(hmac, c, (const uint8_t *)"held before the import", 22);
}

// Imports blob; on refusal checks the target untouched, on acceptance the
// round trip and that the hash goes on (tail after it), digest in out.
// Returns whether it was accepted.
static int import_and_check(int hmac, const uint8_t *blob, size_t len, const uint8_t *tail,
                            size_t tail_len, uint8_t *out)
{
    any_ctx c, before, again;
    memset(&c, 0, sizeof c); // the buffer's unused bytes defined, for memcmp below
    live_target(hmac, &c);
    memcpy(&before, &c, sizeof c);
    const int rc = import_of(hmac, &c, blob, len);
    FZ_CHECK((rc == TD_OK) == ef_well_formed(blob, len, hmac),
             "import = %d of %zu bytes, against the format's rules", rc, len);
    if (rc != TD_OK) {
        FZ_CHECK(rc == TD_ERR_ARG, "import = %d", rc);
        FZ_CHECK(memcmp(&c, &before, hmac ? sizeof c.hmac : sizeof c.hash) == 0,
                 "a refused import changed the context");
        return 0;
    }
    uint8_t re[TD_HMAC_CTX_EXPORT_MAX];
    const size_t n = export_of(hmac, &c, re, sizeof re);
    FZ_CHECK(n == len, "accepted %zu bytes, exported %zu again", len, n);
    FZ_EQ_MEM(re, blob, len, "an accepted import exported again");
    memset(&again, 0, sizeof again);
    FZ_CHECK(import_of(hmac, &again, re, n) == TD_OK, "its export imported again");
    update(hmac, &c, tail, tail_len);
    update(hmac, &again, tail, tail_len);
    uint8_t other[TD_MAX_DIGEST_SIZE];
    finish(hmac, &c, out);
    finish(hmac, &again, other);
    FZ_EQ_MEM(other, out, td_digest_size((td_alg)blob[EF_ALG]), "two imports of one export");
    return 1;
}

static void raw(int hmac, int seal, const uint8_t *data, size_t size)
{
    uint8_t *blob = (uint8_t *)malloc(size + 1);
    FZ_CHECK(blob != NULL, "malloc");
    if (size)
        memcpy(blob, data, size);
    if (seal && size >= EF_CRC)
        ef_seal(blob, size);
    uint8_t digest[TD_MAX_DIGEST_SIZE];
    import_and_check(hmac, blob, size, (const uint8_t *)"tail", 4, digest);
    free(blob);
}

static void built(int hmac, int seal, fz_in *in)
{
    const td_alg alg = (td_alg)(fz_u8(in) % TD_ALG_COUNT);
    const size_t len = fz_u16(in) % (MAX_MSG + 1);
    const size_t changes = fz_u8(in) % (MAX_CHANGES + 1);
    uint8_t place[MAX_CHANGES], mask[MAX_CHANGES];
    for (size_t i = 0; i < changes; i++) {
        place[i] = fz_u8(in);
        mask[i] = fz_u8(in);
    }
    // The message: the rest of the input, repeated; the last 8 bytes of it
    // (or fewer) follow the import.
    size_t avail;
    const uint8_t *rest = fz_take(in, in->n, &avail);
    uint8_t msg[MAX_MSG + 8];
    for (size_t i = 0; i < len + 8; i++)
        msg[i] = avail ? rest[i % avail] : (uint8_t)i;

    any_ctx c;
    int rc = hmac ? td_hmac_init(&c.hmac, alg, "fuzz", 4) : td_init(&c.hash, alg);
    FZ_CHECK(rc == TD_OK, "init");
    update(hmac, &c, msg, len);
    uint8_t blob[TD_HMAC_CTX_EXPORT_MAX];
    const size_t n = export_of(hmac, &c, blob, sizeof blob);
    FZ_CHECK(n == ef_size(alg, hmac, len % td_block_size(alg)), "export of %zu bytes: %zu", len, n);
    for (size_t i = 0; i < changes; i++)
        blob[place[i] % n] ^= mask[i];
    if (seal)
        ef_seal(blob, n);

    uint8_t got[TD_MAX_DIGEST_SIZE], want[TD_MAX_DIGEST_SIZE];
    const int accepted = import_and_check(hmac, blob, n, msg + len, 8, got);
    if (changes != 0)
        return; // accepted or not, import_and_check found it consistent
    FZ_CHECK(accepted, "an export as made was refused");
    rc = hmac ? td_hmac(alg, "fuzz", 4, msg, len + 8, want) : td_hash(alg, msg, len + 8, want);
    FZ_CHECK(rc == TD_OK, "one-shot");
    FZ_EQ_MEM(got, want, td_digest_size(alg),
              "export at %zu bytes, import, 8 more, vs the one-shot", len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const uint8_t flags = fz_u8(&in);
    const int hmac = flags & F_HMAC, seal = (flags & F_SEAL) != 0;
    char what[64];
    snprintf(what, sizeof what, "%s %s%s", hmac ? "td_hmac_ctx" : "td_ctx",
             flags & F_BUILT ? "built" : "raw", seal ? ", sealed" : "");
    fz_what = what;
    if (flags & F_BUILT)
        built(hmac, seal, &in);
    else
        raw(hmac, seal, in.p, in.n);
    return 0;
}
