/* SPDX-License-Identifier: Apache-2.0
 * The HMAC and HKDF vector files (tests/vectors/hmac, tests/vectors/hkdf;
 * origin in tests/vectors/README.md), parsed at run time, for test_mac_kat
 * and test_api. Include after testutil.h.
 *
 * Format: '#' starts a comment line; a record is a run of "Name = value"
 * lines, ended by its last field.
 *   HMAC (RFC 2202, RFC 4231): Len (message bits), Key, Msg, MD (hex). An MD
 *     shorter than the digest is a truncated MAC: compare that many bytes.
 *   HKDF (RFC 5869): COUNT, Hash (e.g. SHA-256), IKM, salt, info (hex, may be
 *     empty), L (output bytes), PRK, OKM (hex).
 * The parser is strict: a line it does not know, a field given twice, a
 * record left incomplete or values that disagree are failures (a parser that
 * skips what it cannot read would pass quietly).
 */
#ifndef TD_MAC_VECTORS_H
#define TD_MAC_VECTORS_H

#include "testutil.h"
#include "vector_lines.h"

typedef enum mv_kind { MV_HMAC, MV_HKDF } mv_kind;

typedef struct mv_file {
    mv_kind     kind;
    td_alg      alg;
    const char *path; // under the vectors directory
} mv_file;

static const mv_file mv_files[] = {
    { MV_HMAC, TD_MD5,    "hmac/rfc-2202-md5.txt" },
    { MV_HMAC, TD_SHA1,   "hmac/rfc-2202-sha1.txt" },
    { MV_HMAC, TD_SHA224, "hmac/rfc-4231-sha224.txt" },
    { MV_HMAC, TD_SHA256, "hmac/rfc-4231-sha256.txt" },
    { MV_HMAC, TD_SHA384, "hmac/rfc-4231-sha384.txt" },
    { MV_HMAC, TD_SHA512, "hmac/rfc-4231-sha512.txt" },
    { MV_HKDF, TD_SHA1,   "hkdf/rfc-5869-HKDF-SHA1.txt" },
    { MV_HKDF, TD_SHA256, "hkdf/rfc-5869-HKDF-SHA256.txt" },
};
#define MV_NFILES (sizeof mv_files / sizeof mv_files[0])

// The hex fields of both kinds.
typedef enum mv_field { MV_KEY, MV_MSG, MV_MD, MV_IKM, MV_SALT, MV_INFO, MV_PRK, MV_OKM, MV_NHEX } mv_field;
static const char *const mv_hex_names[MV_NHEX] = { "Key", "Msg", "MD", "IKM", "salt", "info", "PRK", "OKM" };

typedef struct mv_bytes {
    uint8_t *p; // NULL when n is 0
    size_t   n;
} mv_bytes;

typedef struct mv_vec {
    long     line;          // the line that ends the record (MD or OKM)
    mv_bytes f[MV_NHEX];    // the fields of its kind; the others are empty
} mv_vec;

typedef struct mv_set {
    mv_vec *v;
    size_t  n, cap;
    size_t  truncated;      // HMAC vectors with a shortened MD
} mv_set;

static inline void mv_vec_free(mv_vec *v)
{
    for (int i = 0; i < MV_NHEX; i++)
        free(v->f[i].p);
    memset(v, 0, sizeof *v);
}

static inline void mv_free(mv_set *s)
{
    for (size_t i = 0; i < s->n; i++)
        mv_vec_free(&s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

static inline int mv_parse_ull(const char *val, unsigned long long *out)
{
    char *end = NULL;
    if (*val < '0' || *val > '9')
        return 0;
    *out = strtoull(val, &end, 10);
    return end != NULL && *end == '\0';
}

// Which hex fields a kind has, and which one ends its record.
static inline int mv_field_allowed(mv_kind kind, int field)
{
    if (kind == MV_HMAC)
        return field == MV_KEY || field == MV_MSG || field == MV_MD;
    return field >= MV_IKM && field <= MV_OKM;
}

// The checks on a complete record; 1 if it is sound.
static inline int mv_record_ok(const char *path, long lineno, const mv_file *mf, const mv_vec *v,
                               const int *seen, unsigned long long num, int num_seen,
                               int count_seen, td_alg hash, int hash_seen)
{
    size_t d = td_digest_size(mf->alg);
    for (int i = 0; i < MV_NHEX; i++)
        if (mv_field_allowed(mf->kind, i)
            && !TU_CHECK(seen[i], "%s:%ld: record without %s", path, lineno, mv_hex_names[i]))
            return 0;
    if (mf->kind == MV_HMAC) {
        size_t t = v->f[MV_MD].n;
        return TU_CHECK(num_seen, "%s:%ld: record without Len", path, lineno)
            && TU_CHECK(num % 8 == 0 && num / 8 == v->f[MV_MSG].n,
                        "%s:%ld: Len = %llu but Msg has %zu bytes", path, lineno, num,
                        v->f[MV_MSG].n)
            && TU_CHECK(t >= 1 && t <= d, "%s:%ld: MD of %zu bytes for a %zu-byte digest", path,
                        lineno, t, d);
    }
    return TU_CHECK(count_seen && hash_seen && num_seen, "%s:%ld: record without COUNT, Hash or L",
                    path, lineno)
        && TU_CHECK(hash == mf->alg, "%s:%ld: Hash is %s, the file is for %s", path, lineno,
                    tu_alg_str(hash), tu_alg_str(mf->alg))
        && TU_CHECK(num >= 1 && num <= 255 * (unsigned long long)d && num == v->f[MV_OKM].n,
                    "%s:%ld: L = %llu, OKM has %zu bytes", path, lineno, num, v->f[MV_OKM].n)
        && TU_CHECK(v->f[MV_PRK].n == d, "%s:%ld: PRK of %zu bytes", path, lineno, v->f[MV_PRK].n);
}

// Parses the file at path (of kind and algorithm mf) into s. Returns 1 if the
// whole file was understood; 0 after reporting a failure otherwise (the
// records before the bad line stay in s).
static inline int mv_parse(const char *path, const mv_file *mf, mv_set *s)
{
    vl_reader r;
    mv_vec cur;
    int seen[MV_NHEX] = { 0 }, any = 0, ok = 1, num_seen = 0, count_seen = 0, hash_seen = 0;
    unsigned long long num = 0;
    td_alg hash = TD_ALG_COUNT;
    char *key, *val;
    const char *num_name = mf->kind == MV_HMAC ? "Len" : "L";
    const int last = mf->kind == MV_HMAC ? MV_MD : MV_OKM;

    memset(s, 0, sizeof *s);
    memset(&cur, 0, sizeof cur);
    if (!vl_open(&r, path))
        return 0;
    while (ok && vl_next(&r, &key, &val)) {
        const long lineno = r.lineno;
        if (!TU_CHECK(val != NULL, "%s:%ld: unparsed line \"%.40s\"", path, lineno, key)) {
            ok = 0;
            break;
        }
        size_t vlen = strlen(val);
        int field = -1;
        for (int i = 0; i < MV_NHEX; i++)
            if (mv_field_allowed(mf->kind, i) && strcmp(key, mv_hex_names[i]) == 0)
                field = i;
        any = 1;
        if (field >= 0) {
            mv_bytes *b = &cur.f[field];
            ok = TU_CHECK(!seen[field], "%s:%ld: %s given twice in a record", path, lineno, key);
            if (!ok)
                break;
            seen[field] = 1;
            b->n = vlen / 2;
            b->p = vlen ? (uint8_t *)malloc(vlen / 2 + 1) : NULL;
            ok = TU_CHECK(vlen == 0 || (b->p && tu_hex_decode(val, vlen, b->p) == (long)(vlen / 2)),
                          "%s:%ld: bad hex in %s", path, lineno, key);
        } else if (strcmp(key, num_name) == 0) {
            ok = TU_CHECK(!num_seen && mv_parse_ull(val, &num), "%s:%ld: bad or repeated %s \"%s\"",
                          path, lineno, key, val);
            num_seen = 1;
        } else if (mf->kind == MV_HKDF && strcmp(key, "COUNT") == 0) {
            unsigned long long c;
            ok = TU_CHECK(!count_seen && mv_parse_ull(val, &c), "%s:%ld: bad or repeated COUNT", path,
                          lineno);
            count_seen = 1;
        } else if (mf->kind == MV_HKDF && strcmp(key, "Hash") == 0) {
            ok = TU_CHECK(!hash_seen && td_alg_from_name(val, &hash) == TD_OK,
                          "%s:%ld: bad or repeated Hash \"%s\"", path, lineno, val);
            hash_seen = 1;
        } else {
            ok = TU_CHECK(0, "%s:%ld: unknown field \"%s\"", path, lineno, key);
        }
        if (!ok || field != last)
            continue;

        // The record is complete.
        ok = mv_record_ok(path, lineno, mf, &cur, seen, num, num_seen, count_seen, hash, hash_seen);
        if (!ok)
            break;
        if (s->n == s->cap) {
            size_t ncap = s->cap ? 2 * s->cap : 16;
            mv_vec *nv = (mv_vec *)realloc(s->v, ncap * sizeof *nv);
            if (!TU_CHECK(nv != NULL, "out of memory")) {
                ok = 0;
                break;
            }
            s->v = nv;
            s->cap = ncap;
        }
        cur.line = lineno;
        if (mf->kind == MV_HMAC && cur.f[MV_MD].n < td_digest_size(mf->alg))
            s->truncated++;
        s->v[s->n++] = cur;
        memset(&cur, 0, sizeof cur);
        memset(seen, 0, sizeof seen);
        any = num_seen = count_seen = hash_seen = 0;
        hash = TD_ALG_COUNT;
    }
    if (ok)
        ok = TU_CHECK(!any, "%s: incomplete record at the end", path);
    mv_vec_free(&cur);
    vl_close(&r);
    return ok;
}

// Loads mv_files[i] from the vectors directory dir; 1 if it parsed and gave
// at least one vector.
static inline int mv_load(const char *dir, size_t i, mv_set *s)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, mv_files[i].path);
    int ok = mv_parse(path, &mv_files[i], s);
    return TU_CHECK(s->n > 0, "%s yields no vectors", path) && ok;
}

#endif // TD_MAC_VECTORS_H
