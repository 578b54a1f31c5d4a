/* SPDX-License-Identifier: Apache-2.0
 * The automatic choice against the tables, under the TURBODIGEST_CPU the
 * test runs with (tests/cpu_masks.txt gives one CTest test per mask):
 *
 *  - td_cpu_features() shows what the variable hid and forced;
 *  - for every algorithm, td_backends() on both paths lists exactly the rows
 *    of the model below that these features allow, in the order the tables
 *    give; td_backend() is the first; the many path's row for every count
 *    of messages (1 to TD_MANY_MAX_LANES) is the first rule that holds;
 *  - with nothing pinned, td_hash, the typed one-shots, streaming,
 *    td_hash_many (mixed and equal lengths) and td_hash_many_fixed on 1 to
 *    33, 64 and 65 messages give the reference's digests (ref.h).
 *
 * The model takes the rows from src/backends/backends.def (names, kinds,
 * needs, order) and restates the rules of src/dispatch.c: a change of the
 * rules there is a change of what this test expects, made here on purpose
 * too. It checks itself first: each row's id against its name, every rule's
 * row in backends.def, every row named by some rule but those backends.def
 * marks PINNED_ (only ever pinned).
 *
 * With --masks FILE --arch ARCH it also takes the masks of FILE for ARCH
 * and, from the features of this CPU, works out the automatic choice under
 * each: together with the CPU's own features they must take every row and
 * rule that this CPU can run (a row only pinned aside), and every rule that
 * depends on a trait must
 * also be passed over because of it (so both sides of each trait's branch
 * run). The runs under the masks then check that the library agrees.
 *
 * usage: test_dispatch [VECTORS_DIR] [SEED] [--masks FILE --arch x86|arm]
 */
#include "testutil.h"
#include "ref.h"
#include "cpu_model.h"
#include "cpu.h"      // TD_CPU_* bits, which backends.def's needs are made of
#include "many_row.h" // td_many_row_for: the many path's row for a count

// ------------------------------------------------------------------ the model

// The rows: every line of backends.def, with the family, kind and needs it
// states. Their order is the tables' order.
enum { MD5, SHA1, SHA256, SHA512, SHA3, NFAM };
enum { FAM_md5 = MD5, FAM_sha1 = SHA1, FAM_sha256 = SHA256, FAM_sha512 = SHA512, FAM_sha3 = SHA3 };

typedef struct model_row {
    int family;
    const char *id, *name;
    int single;     // a single-path row, on both paths; else on the many path only
    uint32_t needs; // TD_CPU_* bits
    int pinned;     // only ever taken where it is pinned: no rule names it
} model_row;

static const model_row model_rows[] = {
#define TD_BEGIN_FAMILY(family)
#define TD_END_FAMILY(family)
#define TD_ROW(family, id, name, isa, file, needs, kind, fn, lanes, nodes_kind, nodes_fn, \
               squeeze_kind, squeeze_fn, pinned)                                           \
    { FAM_##family, #id, name, TD_ROW_##kind == TD_ROW_SINGLE, needs, pinned },
#include "backends/backends.def"
#undef TD_BEGIN_FAMILY
#undef TD_END_FAMILY
#undef TD_ROW
};
#define NROWS (sizeof model_rows / sizeof model_rows[0])

// The words of td_cpu_features() for the TD_CPU_* bits of backends.def.
static const struct {
    uint32_t bit;
    const char *word;
} bit_words[] = {
    { TD_CPU_SSE2, "sse2" },         { TD_CPU_SSSE3, "ssse3" },       { TD_CPU_SSE41, "sse4.1" },
    { TD_CPU_AVX, "avx" },           { TD_CPU_AVX2, "avx2" },         { TD_CPU_BMI1, "bmi1" },
    { TD_CPU_BMI2, "bmi2" },         { TD_CPU_AVX512F, "avx512f" },   { TD_CPU_AVX512VL, "avx512vl" },
    { TD_CPU_AVX512BW, "avx512bw" }, { TD_CPU_SHANI, "sha-ni" },      { TD_CPU_ARM_NEON, "neon" },
    { TD_CPU_ARM_SHA1, "sha1" },     { TD_CPU_ARM_SHA2, "sha2" },     { TD_CPU_ARM_SHA512, "sha512" },
    { TD_CPU_ARM_SHA3, "sha3" },
};

// A row's needs as a set of the model's words (cpu_model.h).
static uint32_t needs_of(const model_row *r)
{
    uint32_t set = 0, left = r->needs;
    for (size_t i = 0; i < sizeof bit_words / sizeof bit_words[0]; i++)
        if (left & bit_words[i].bit) {
            set |= cm_words(bit_words[i].word);
            left &= ~bit_words[i].bit;
        }
    TU_CHECK(left == 0, "row %s needs bits 0x%x the model has no word for", r->name, left);
    return set;
}

// The rules: an independent statement of dispatch.c's, in its order. Each
// takes its row for count >= min messages where the features have every
// word of with and none of without, in batches of any shape or, nodes_only,
// of a Merkle level's nodes. One message is the single path's choice too.
typedef struct rule {
    const char *name;
    size_t min;
    const char *with, *without; // NULL for none
    int nodes_only;
} rule;

typedef struct family_model {
    const char *name;
    rule rules[20]; // ends with { NULL }
} family_model;

static const family_model model[NFAM] = {
    [MD5] = {
        "md5",
        {
#if defined(__x86_64__) || defined(_M_X64)
          { "avx512-x32", 17, "slow-rotate", NULL, 0 },
#endif
          { "avx512-x16", 9, "slow-zmm", NULL, 0 }, { "avx2-x8", 2, "slow-zmm", NULL, 0 },
          { "avx512-x16", 3, "slow-rotate", NULL, 0 }, { "avx512-x16", 2, NULL, "slow-rotate", 0 },
          { "avx2-x16", 9, NULL, NULL, 0 }, { "avx2-x8", 2, NULL, "slow-vector-int", 0 },
          { "avx2-x8", 3, NULL, NULL, 0 }, { "avx512", 1, NULL, "slow-rotate", 0 },
          { "portable", 1, NULL, NULL, 0 }, { NULL, 0, NULL, NULL, 0 } },
    },
    [SHA1] = {
        "sha1",
        { { "avx512-x16", 13, "slow-zmm", NULL, 1 }, { "shani-x4", 2, "slow-zmm", NULL, 1 },
          { "avx512-x16", 10, "slow-rotate", NULL, 0 }, { "avx512-x16", 6, NULL, "slow-rotate", 0 },
          { "shani-avx512-x4", 2, "slow-zmm", NULL, 0 }, { "shani-x4", 2, NULL, NULL, 0 },
          { "shani", 1, NULL, "slow-vector-int fast-sha1msg", 0 },
          { "shani-msg", 1, NULL, NULL, 0 }, { "avx2", 1, NULL, NULL, 0 },
          { "ssse3", 1, NULL, NULL, 0 }, { "armv8", 1, NULL, NULL, 0 },
          { "portable", 1, NULL, NULL, 0 }, { NULL, 0, NULL, NULL, 0 } },
    },
    [SHA256] = {
        "sha256",
        { { "shani-avx512-x32", 8, "slow-zmm", NULL, 1 },
          { "avx512-x16", 15, "slow-zmm", NULL, 0 }, { "shani-avx512-x4", 2, "slow-zmm", NULL, 0 },
          { "avx512-x16", 10, "slow-vector-int", NULL, 0 },
          { "avx512-x16", 11, NULL, "slow-vector-int", 0 },
          { "avx512-x8", 5, NULL, "slow-vector-int", 0 }, { "shani-x32", 8, NULL, "avx512f", 1 },
          { "shani-x4", 2, NULL, NULL, 0 }, { "avx2-x8", 2, NULL, NULL, 0 },
          { "shani", 1, NULL, NULL, 0 }, { "avx2", 1, NULL, NULL, 0 },
          { "ssse3", 1, NULL, NULL, 0 }, { "armv8", 1, NULL, NULL, 0 },
          { "portable", 1, NULL, NULL, 0 }, { NULL, 0, NULL, NULL, 0 } },
    },
    [SHA512] = {
        "sha512",
        { { "avx512-x8", 5, NULL, NULL, 0 }, { "avx512-x4", 2, NULL, NULL, 0 },
          { "avx2-x4", 3, NULL, NULL, 0 }, { "avx512", 1, NULL, "slow-vector-int", 0 },
          { "avx512-scalar", 1, NULL, NULL, 0 }, { "avx2", 1, NULL, NULL, 0 },
          { "armv8-sha512", 1, NULL, NULL, 0 }, { "portable", 1, NULL, NULL, 0 },
          { NULL, 0, NULL, NULL, 0 } },
    },
    [SHA3] = {
        "sha3",
        { { "avx512-x8", 5, NULL, NULL, 0 }, { "avx512-x4", 2, NULL, NULL, 0 },
          { "avx2-x4", 2, NULL, NULL, 0 },
#if defined(__x86_64__) && defined(__GNUC__)
          { "avx512-regs", 1, "slow-zmm", NULL, 0 },
#endif
          { "avx512", 1, NULL, NULL, 0 },
          { "avx2", 1, NULL, NULL, 0 }, { "armv8-sha3", 1, NULL, NULL, 0 },
          { "portable", 1, NULL, NULL, 0 }, { NULL, 0, NULL, NULL, 0 } },
    },
};

static int family_of(td_alg alg)
{
    switch (alg) {
    case TD_MD5:    return MD5;
    case TD_SHA1:   return SHA1;
    case TD_SHA224:
    case TD_SHA256: return SHA256;
    case TD_SHA3_224:
    case TD_SHA3_256:
    case TD_SHA3_384:
    case TD_SHA3_512: return SHA3;
    default:        return SHA512;
    }
}

static uint32_t opt_words(const char *text)
{
    return text ? cm_words(text) : 0;
}

// The family's row of that name, or NULL.
static const model_row *row_named(int fam, const char *name)
{
    for (size_t i = 0; i < NROWS; i++)
        if (model_rows[i].family == fam && strcmp(model_rows[i].name, name) == 0)
            return &model_rows[i];
    return NULL;
}

// What a build of the library has: the rows of each table it lists on a CPU
// with the features of the set it was listed under. A row whose needs that
// set meets and that is not listed is not built in (flagship: testutil.h).
typedef struct built {
    const char *single[TU_MAX_BACKENDS], *many[TU_MAX_BACKENDS];
    size_t nsingle, nmany;
} built;

static built built_of(td_alg alg)
{
    built b;
    size_t n = td_backends(alg, TD_SINGLE, b.single, TU_MAX_BACKENDS);
    b.nsingle = n < TU_MAX_BACKENDS ? n : TU_MAX_BACKENDS;
    n = td_backends(alg, TD_MULTI, b.many, TU_MAX_BACKENDS);
    b.nmany = n < TU_MAX_BACKENDS ? n : TU_MAX_BACKENDS;
    return b;
}

// Whether a row is usable under features set, given the rows the build
// listed under a superset of set's instruction sets.
static int row_usable(const model_row *r, uint32_t set, const built *b)
{
    return r != NULL && cm_subset(needs_of(r), set) && tu_list_has(b->many, b->nmany, r->name);
}

static int usable_named(int fam, const char *name, uint32_t set, const built *b)
{
    return row_usable(row_named(fam, name), set, b);
}

// Whether rule r holds for count messages under set, in a batch of nodes or
// not (its row aside).
static int rule_holds(const rule *r, size_t count, uint32_t set, int nodes)
{
    return count >= r->min && cm_subset(opt_words(r->with), set) &&
           (opt_words(r->without) & set) == 0 && (nodes || !r->nodes_only);
}

// The index of the first rule that holds with a usable row; -1 if none does.
static int first_rule(int fam, size_t count, uint32_t set, const built *b, int nodes)
{
    const family_model *f = &model[fam];
    for (size_t i = 0; f->rules[i].name; i++)
        if (rule_holds(&f->rules[i], count, set, nodes) &&
            usable_named(fam, f->rules[i].name, set, b))
            return (int)i;
    return -1;
}

static const char *many_choice(int fam, size_t count, uint32_t set, const built *b, int nodes)
{
    int i = first_rule(fam, count, set, b, nodes);
    return i >= 0 ? model[fam].rules[i].name : "portable";
}

static void append_once(const char **list, size_t *n, const char *name)
{
    if (!tu_list_has(list, *n, name))
        list[(*n)++] = name;
}

// The single path's order: the rows the rules take for one message, where
// they are single-path rows, in the rules' order; then the other usable
// single-path rows in table order.
static size_t single_order(int fam, uint32_t set, const built *b, const char **out)
{
    size_t n = 0;
    for (size_t i = 0; model[fam].rules[i].name; i++) {
        const rule *r = &model[fam].rules[i];
        const model_row *row = row_named(fam, r->name);
        if (rule_holds(r, 1, set, 0) && row_usable(row, set, b) && row->single)
            append_once(out, &n, r->name);
    }
    for (size_t i = 0; i < NROWS; i++)
        if (model_rows[i].family == fam && model_rows[i].single &&
            row_usable(&model_rows[i], set, b))
            append_once(out, &n, model_rows[i].name);
    return n;
}

// The many path's order: the rows for a full batch, then for fewer
// messages (batches of any shape), then the other usable rows in table
// order.
static size_t many_order(int fam, uint32_t set, const built *b, const char **out)
{
    size_t n = 0;
    for (size_t count = TD_MANY_MAX_LANES; count >= 1; count--)
        append_once(out, &n, many_choice(fam, count, set, b, 0));
    for (size_t i = 0; i < NROWS; i++)
        if (model_rows[i].family == fam && row_usable(&model_rows[i], set, b))
            append_once(out, &n, model_rows[i].name);
    return n;
}

// The model itself, once: each row's id is its name with '_' for '-', every
// rule names a row of its family, and some rule names every row but those
// backends.def marks as only ever pinned.
static void check_model(void)
{
    for (size_t i = 0; i < NROWS; i++) {
        const model_row *r = &model_rows[i];
        char id[64];
        snprintf(id, sizeof id, "%s", r->name);
        for (char *c = id; *c; c++)
            *c = *c == '-' ? '_' : *c;
        TU_CHECK(strcmp(id, r->id) == 0, "backends.def: row \"%s\" has the id %s, not %s", r->name,
                 r->id, id);
        int named = 0;
        for (size_t k = 0; model[r->family].rules[k].name; k++)
            named |= strcmp(model[r->family].rules[k].name, r->name) == 0;
        TU_CHECK(named != r->pinned,
                 r->pinned ? "%s row \"%s\" is PINNED_ in backends.def, but a rule names it"
                           : "%s row \"%s\": no rule of the model names it (PINNED_ in "
                             "backends.def if none should)",
                 model[r->family].name, r->name);
    }
    for (int fam = 0; fam < NFAM; fam++)
        for (size_t k = 0; model[fam].rules[k].name; k++)
            TU_CHECK(row_named(fam, model[fam].rules[k].name) != NULL,
                     "%s rule %zu names \"%s\", which backends.def lacks", model[fam].name, k,
                     model[fam].rules[k].name);
}

// ------------------------------------------------------------------ checks under this process's mask

static void check_lists(td_alg alg, td_path path, const char *const *got, size_t ngot,
                        const char *const *want, size_t nwant)
{
    int same = ngot == nwant;
    for (size_t i = 0; same && i < ngot; i++)
        same = strcmp(got[i], want[i]) == 0;
    char g[512] = "", w[512] = "";
    for (size_t i = 0; i < ngot; i++)
        snprintf(g + strlen(g), sizeof g - strlen(g), "%s%s", i ? " " : "", got[i]);
    for (size_t i = 0; i < nwant; i++)
        snprintf(w + strlen(w), sizeof w - strlen(w), "%s%s", i ? " " : "", want[i]);
    TU_CHECK(same, "td_backends(%s, %s): got \"%s\", the tables say \"%s\"", tu_alg_str(alg),
             path == TD_MULTI ? "multi" : "single", g, w);
}

static void check_choice(td_alg alg, uint32_t set)
{
    const int fam = family_of(alg);
    const built b = built_of(alg);
    tu_set_alg(alg);

    // Every listed row is one of the model's, and these features allow it.
    for (int path = 0; path < 2; path++) {
        const char *const *list = path ? b.many : b.single;
        for (size_t i = 0; i < (path ? b.nmany : b.nsingle); i++) {
            const model_row *r = row_named(fam, list[i]);
            if (TU_CHECK(r != NULL && (path || r->single),
                         "the %s path lists \"%s\", which the model lacks there",
                         path ? "many" : "single", list[i]))
                TU_CHECK(cm_subset(needs_of(r), set),
                         "the %s path lists \"%s\" though the features lack what it needs",
                         path ? "many" : "single", list[i]);
        }
    }

    const char *want[TU_MAX_BACKENDS];
    size_t n = single_order(fam, set, &b, want);
    check_lists(alg, TD_SINGLE, b.single, b.nsingle, want, n);
    TU_EQ_STR(td_backend(alg, TD_SINGLE), n ? want[0] : "portable", "td_backend(single)");
    n = many_order(fam, set, &b, want);
    check_lists(alg, TD_MULTI, b.many, b.nmany, want, n);
    TU_EQ_STR(td_backend(alg, TD_MULTI), many_choice(fam, TD_MANY_MAX_LANES, set, &b, 0),
              "td_backend(multi): the row for a full batch");

    // The row for each count, in batches of any shape and of nodes, and a
    // line that says which rule took it.
    for (int nodes = 0; nodes < 2; nodes++) {
        char line[512];
        int len = snprintf(line, sizeof line, "test_dispatch: %-10s single %s; many%s",
                           tu_alg_str(alg), td_backend(alg, TD_SINGLE), nodes ? " (nodes)" : "");
        for (size_t count = 1; count <= TD_MANY_MAX_LANES; count++) {
            const char *exp = many_choice(fam, count, set, &b, nodes);
            const td_backend_row *row =
                td_many_row_for(alg, count, nodes ? TD_BATCH_NODES : TD_BATCH_ANY);
            char what[96];
            snprintf(what, sizeof what, "the many path's row for %zu messages%s", count,
                     nodes ? ", nodes" : "");
            TU_EQ_STR(row ? row->name : NULL, exp, what);
            if (count == 1 || strcmp(exp, many_choice(fam, count - 1, set, &b, nodes)) != 0)
                len += snprintf(line + len, sizeof line - (size_t)len, " %zu+: %s (rule %d)",
                                count, exp, first_rule(fam, count, set, &b, nodes));
        }
        printf("%s\n", line);
    }
}

// The variable's own effect, as far as one process can see it: what it hid
// is gone, the traits it set or cleared are so.
static void check_mask_applied(uint32_t set)
{
    const char *spec = getenv("TURBODIGEST_CPU");
    if (spec == NULL)
        return;
    const uint32_t all = (uint32_t)((1ull << CM_NWORDS) - 1);
    const uint32_t after = cm_apply(spec, all); // what survives on a CPU with everything
    const uint32_t traits = cm_words(CM_TRAITS);
    TU_CHECK(cm_subset(set & ~traits, after),
             "TURBODIGEST_CPU=\"%s\" did not hide all it names (%s)",
             spec, td_cpu_features());
    const uint32_t forced_on = cm_apply(spec, 0) & traits, forced_off = ~after & traits;
    TU_CHECK((set & forced_on) == forced_on && (set & forced_off) == 0,
             "TURBODIGEST_CPU=\"%s\": the traits are not as it says (%s)", spec, td_cpu_features());
}

// ------------------------------------------------------------------ digests with nothing pinned

enum { POOL = 1 << 17 };
static uint8_t *pool;

static void check_single_digests(td_alg alg)
{
    const size_t d = td_digest_size(alg);
    const size_t longs[] = { 1000, 4096, 10000, 65537 };
    uint8_t want[TD_MAX_DIGEST_SIZE], got[TD_MAX_DIGEST_SIZE];
    tu_set_alg(alg);
    for (size_t i = 0; i < 301 + sizeof longs / sizeof longs[0]; i++) {
        const size_t len = i < 301 ? i : longs[i - 301];
        const uint8_t *msg = pool + tu_rand_below(64);
        tu_set_len(len);
        ref_hash(alg, msg, len, want);
        if (TU_OK(td_hash(alg, msg, len, got), "td_hash"))
            TU_EQ_MEM(got, want, d, "td_hash, automatic choice");
        memset(got, 0, sizeof got);
        tu_typed(alg)(msg, len, got);
        TU_EQ_MEM(got, want, d, "typed one-shot, automatic choice");
        td_ctx ctx;
        int rc = td_init(&ctx, alg);
        for (size_t pos = 0; rc == TD_OK && pos < len;) {
            size_t step = tu_rand_range(0, len - pos < 300 ? len - pos : 300);
            rc = td_update(&ctx, msg + pos, step);
            pos += step;
        }
        if (rc == TD_OK)
            rc = td_final(&ctx, got);
        if (TU_OK(rc, "streaming"))
            TU_EQ_MEM(got, want, d, "streamed, automatic choice");
    }
    tu_clear_len();
}

// n messages: lens[i] bytes at ptrs[i]; the same through td_hash_many and,
// when they are of one length and laid end to end, td_hash_many_fixed.
static void check_many(td_alg alg, size_t n, const void **ptrs, const size_t *lens,
                       const uint8_t *contiguous, uint8_t *out, const char *what)
{
    const size_t d = td_digest_size(alg);
    uint8_t want[TD_MAX_DIGEST_SIZE];
    memset(out, 0, n * d);
    const int rc = td_hash_many(alg, n, ptrs, lens, out);
    const int rc_fixed = contiguous ? td_hash_many_fixed(alg, n, contiguous, lens[0], out + n * d)
                                    : TD_OK;
    TU_OK(rc, "td_hash_many");
    TU_OK(rc_fixed, "td_hash_many_fixed");
    for (size_t i = 0; i < n; i++) {
        ref_hash(alg, ptrs[i], lens[i], want);
        tu_set_len(lens[i]);
        if (rc == TD_OK && !TU_EQ_MEM(out + i * d, want, d, what))
            fprintf(stderr, "  td_hash_many, message %zu of %zu\n", i, n);
        if (contiguous && rc_fixed == TD_OK && !TU_EQ_MEM(out + (n + i) * d, want, d, what))
            fprintf(stderr, "  td_hash_many_fixed, message %zu of %zu\n", i, n);
    }
    tu_clear_len();
}

static void check_many_digests(td_alg alg)
{
    enum { MAXN = 65 };
    static const size_t edges[] = { 0, 1, 55, 56, 63, 64, 111, 112, 119, 127, 128, 129, 192, 1000 };
    const size_t block = td_block_size(alg);
    const void *ptrs[MAXN];
    size_t lens[MAXN];
    uint8_t *out = (uint8_t *)malloc(2 * MAXN * TD_MAX_DIGEST_SIZE);
    if (!TU_CHECK(out != NULL, "out of memory"))
        return;
    tu_set_alg(alg);
    for (size_t n = 1; n <= MAXN; n = n == 33 ? 64 : n + 1) {
        // Mixed lengths from unaligned places; now and then a long one.
        for (size_t i = 0; i < n; i++) {
            lens[i] = tu_rand_below(8) == 0 ? tu_rand_range(300, 3000) : tu_rand_below(300);
            ptrs[i] = pool + tu_rand_below(POOL - 3000);
        }
        check_many(alg, n, ptrs, lens, NULL, out, "td_hash_many, mixed lengths");
        // One length for all, at an edge of the padding or a whole number of
        // blocks (the shared last block, by its schedule from 32 messages).
        const size_t one[2] = { edges[n % (sizeof edges / sizeof edges[0])], block * (1 + n % 3) };
        for (size_t k = 0; k < 2; k++) {
            const uint8_t *base = pool + tu_rand_below(64);
            for (size_t i = 0; i < n; i++) {
                lens[i] = one[k];
                ptrs[i] = base + i * one[k];
            }
            check_many(alg, n, ptrs, lens, base, out, "td_hash_many(_fixed), one length");
        }
    }
    free(out);
}

// ------------------------------------------------------------------ coverage of the masks

typedef struct coverage {
    char row_taken[NROWS][256];      // masks under which single row i is the choice
    char rule_taken[NFAM][20][256];  // ... under which rule i takes some count
    char rule_passed[NFAM][20][256]; // ... under which its trait condition alone fails
} coverage;

static void note(char *list, size_t size, const char *label)
{
    const char *p = list;
    size_t n = strlen(label);
    while ((p = strstr(p, label)) != NULL) {
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return;
        p += n;
    }
    snprintf(list + strlen(list), size - strlen(list), "%s%s", list[0] ? " " : "", label);
}

static void cover_mask(coverage *c, const char *label, uint32_t set, const built *b)
{
    for (int fam = 0; fam < NFAM; fam++) {
        const family_model *f = &model[fam];
        const char *order[TU_MAX_BACKENDS];
        if (single_order(fam, set, &b[fam], order) != 0)
            for (size_t i = 0; i < NROWS; i++)
                if (model_rows[i].family == fam && strcmp(model_rows[i].name, order[0]) == 0)
                    note(c->row_taken[i], sizeof c->row_taken[i], label);
        for (int nodes = 0; nodes < 2; nodes++)
            for (size_t count = 1; count <= TD_MANY_MAX_LANES; count++) {
                const int taken = first_rule(fam, count, set, &b[fam], nodes);
                for (int i = 0; f->rules[i].name; i++) {
                    const rule *r = &f->rules[i];
                    if (i == taken)
                        note(c->rule_taken[fam][i], sizeof c->rule_taken[fam][i], label);
                    // Its row usable, enough messages, the right shape: the
                    // trait condition alone decides against it.
                    if ((r->with || r->without) && count >= r->min && (nodes || !r->nodes_only) &&
                        usable_named(fam, r->name, set, &b[fam]) && !rule_holds(r, count, set, nodes))
                        note(c->rule_passed[fam][i], sizeof c->rule_passed[fam][i], label);
                }
            }
    }
}

static void check_coverage(const char *masks_path, const char *arch)
{
    static const td_alg one_alg[NFAM] = { TD_MD5, TD_SHA1, TD_SHA256, TD_SHA512, TD_SHA3_256 };
    static coverage c;
    built b[NFAM];
    const uint32_t host = cm_words(td_cpu_features());
    for (int fam = 0; fam < NFAM; fam++)
        b[fam] = built_of(one_alg[fam]);
    memset(&c, 0, sizeof c);

    size_t len = 0, masks = 0;
    char *text = tu_read_file(masks_path, &len);
    if (!TU_CHECK(text != NULL, "cannot read %s", masks_path))
        return;
    cover_mask(&c, "(cpu)", host, b);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char a[16], label[64], spec[200];
        if (line[0] == '#' || sscanf(line, "%15s %63s %199s", a, label, spec) != 3)
            continue;
        if (strcmp(a, arch) != 0)
            continue;
        masks++;
        cover_mask(&c, label, cm_apply(spec, host), b);
    }
    free(text);
    printf("test_dispatch: %zu masks for %s in %s, cpu features \"%s\"\n", masks, arch,
           masks_path, td_cpu_features());

    // What this CPU can run must be taken under some mask, and every trait
    // branch that can go either way here must go both ways. Rows only pinned
    // are left out.
    for (size_t i = 0; i < NROWS; i++) {
        const model_row *r = &model_rows[i];
        if (!r->single || r->pinned || !row_usable(r, host, &b[r->family]))
            continue;
        printf("test_dispatch: coverage %-6s single %-13s taken: %s\n", model[r->family].name,
               r->name, c.row_taken[i]);
        TU_CHECK(c.row_taken[i][0] != 0,
                 "%s single-path row \"%s\": usable here, the choice under no mask",
                 model[r->family].name, r->name);
    }
    for (int fam = 0; fam < NFAM; fam++) {
        const family_model *f = &model[fam];
        for (size_t i = 0; f->rules[i].name; i++) {
            if (!usable_named(fam, f->rules[i].name, host, &b[fam]))
                continue;
            const int conditional = f->rules[i].with != NULL || f->rules[i].without != NULL;
            printf("test_dispatch: coverage %-6s rule %zu %-13s taken: %s%s%s\n", f->name, i,
                   f->rules[i].name, c.rule_taken[fam][i], conditional ? "; passed over: " : "",
                   conditional ? c.rule_passed[fam][i] : "");
            TU_CHECK(c.rule_taken[fam][i][0] != 0,
                     "%s rule %zu (\"%s\" from %zu): usable here, taken under no mask",
                     f->name, i, f->rules[i].name, f->rules[i].min);
            // Masks hide features and set or clear traits: a rule for CPUs
            // without a feature this one lacks holds under all of them.
            const uint32_t settable = cm_words(CM_TRAITS) | host;
            const int can_fail = (f->rules[i].with != NULL) ||
                                 (f->rules[i].without != NULL &&
                                  (opt_words(f->rules[i].without) & settable) != 0);
            if (conditional && can_fail)
                TU_CHECK(c.rule_passed[fam][i][0] != 0,
                         "%s rule %zu (\"%s\"): its trait condition never fails it "
                         "under the masks", f->name, i, f->rules[i].name);
        }
    }
}

// ------------------------------------------------------------------ main

int main(int argc, char **argv)
{
    const char *masks = NULL, *arch = NULL;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--masks") == 0)
            masks = argv[++i];
        else if (strcmp(argv[i], "--arch") == 0)
            arch = argv[++i];
    }
    // The automatic choice is under test: no backend named in the
    // environment (before the library's first use reads it).
#if defined(_WIN32)
    _putenv_s("TURBODIGEST_BACKEND", "");
#else
    unsetenv("TURBODIGEST_BACKEND");
#endif
    tu_init(argc, argv, "test_dispatch");
    const char *spec = getenv("TURBODIGEST_CPU");
    printf("test_dispatch: TURBODIGEST_CPU=%s%s%s\n", spec ? "\"" : "", spec ? spec : "(unset)",
           spec ? "\"" : "");
    pool = (uint8_t *)malloc(POOL);
    if (!pool) {
        fprintf(stderr, "test_dispatch: out of memory\n");
        return 2;
    }
    tu_rand_fill(pool, POOL);

    const uint32_t set = cm_words(td_cpu_features());
    check_model();
    check_mask_applied(set);
    for (size_t a = 0; a < TD_ALG_COUNT; a++)
        check_choice(tu_all_algs[a], set);
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        check_single_digests(tu_all_algs[a]);
        check_many_digests(tu_all_algs[a]);
    }
    tu.alg_set = 0;
    if (masks && arch)
        check_coverage(masks, arch);
    free(pool);
    return tu_finish();
}
