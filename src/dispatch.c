// SPDX-License-Identifier: Apache-2.0
// Backend tables, the rules of the automatic choice, the first-use choice,
// pinning and TURBODIGEST_BACKEND. The rows come from backends/backends.def
// (backends/README.md: adding a backend); the rules below say which row the
// automatic choice takes for how many messages on which CPUs, one message
// being the single path's choice too. tests/test_dispatch.c holds its own
// statement of these rules, which a change here changes too; where no mask
// of tests/cpu_masks.txt makes a new rule the choice, that test names it,
// and the file wants one more.

// Generic code must run on every CPU the library may meet: an instruction-set
// flag here is a mistake, unless the whole build targets CPUs that have it.
#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "dispatch.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "choice.h"
#include "cpu.h"
#include "td_internal.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

// CMake defines TD_HAVE_<ISA> as 1 or 0 for each instruction set that
// backends.def names; the portable files are always built.
#define TD_HAVE_PORTABLE 1

// ---------------------------------------------------------------- row ids

// TD_ROW_<family>_<id>: each row's index in its family's table.
#define TD_BEGIN_FAMILY(family) enum td_##family##_row {
#define TD_END_FAMILY(family) td_##family##_rows };
#define TD_ROW(family, id, name, isa, file, needs, kind, fn, lanes, nodes_kind, nodes_fn, \
               squeeze_kind, squeeze_fn, pinned)                                          \
    TD_ROW_##family##_##id,
#include "backends/backends.def"
#undef TD_BEGIN_FAMILY
#undef TD_END_FAMILY
#undef TD_ROW

// td_<family>_singles: how many rows of each family are single-path ones.
#define TD_BEGIN_FAMILY(family) enum { td_##family##_singles = 0
#define TD_END_FAMILY(family) };
#define TD_ROW(family, id, name, isa, file, needs, kind, fn, lanes, nodes_kind, nodes_fn, \
               squeeze_kind, squeeze_fn, pinned)                                          \
    +(TD_ROW_##kind == TD_ROW_SINGLE)
#include "backends/backends.def"
#undef TD_BEGIN_FAMILY
#undef TD_END_FAMILY
#undef TD_ROW

// What each row must be, checked where it is made, each failure naming the
// row: single-path rows after the many-path ones (the single path's table is
// the end of the family's), "portable" last; 2 to TD_MANY_MAX_LANES lanes
// for a row of many messages; functions of the types its kind takes (which
// backends.h declared them with: a backend's definition of another type
// fails there).
#define TD_STR(x)  TD_STR_(x)
#define TD_STR_(x) #x
#define CHECK_NODES_NO(family, name, fn)
#define CHECK_NODES_EACH(family, name, fn)                                              \
    _Static_assert(_Generic((fn), td_##family##_nodes_fn *: 1, default: 0),             \
                   "backends.def, row " #family " " name                                \
                   ": the nodes function must be a td_" #family "_nodes_fn");
#define CHECK_NODES_LEVEL(family, name, fn) CHECK_NODES_EACH(family, name, fn)
#define CHECK_SQUEEZE_NO(family, kind, name, fn)
#define CHECK_SQUEEZE_YES(family, kind, name, fn)                                       \
    _Static_assert(TD_ROW_##kind == TD_ROW_SINGLE &&                                    \
                       _Generic((fn), td_sha3_squeeze_fn *: 1, default: 0),             \
                   "backends.def, row " #family " " name                                \
                   ": a squeeze function is a single-path row's td_sha3_squeeze_fn");
#define TD_BEGIN_FAMILY(family)                                                         \
    _Static_assert(TD_ROW_##family##_portable == td_##family##_rows - 1,                \
                   "backends.def: " #family "'s last row must be portable");
#define TD_END_FAMILY(family)
#define TD_ROW(family, id, name, isa, file, needs, kind, fn, lanes, nodes_kind, nodes_fn,      \
               squeeze_kind, squeeze_fn, pinned)                                               \
    _Static_assert((TD_ROW_##kind == TD_ROW_SINGLE) ==                                         \
                       (TD_ROW_##family##_##id >= td_##family##_rows - td_##family##_singles), \
                   "backends.def, row " #family " " name                                       \
                   ": single-path rows come after every many-path row of the family");         \
    _Static_assert(TD_ROW_##kind == TD_ROW_SINGLE ||                                           \
                       ((lanes) >= 2 && (lanes) <= TD_MANY_MAX_LANES),                         \
                   "backends.def, row " #family " " name                                       \
                   ": lanes must be 2 to TD_MANY_MAX_LANES");                                  \
    _Static_assert(_Generic((fn), TD_FN_TYPE_##kind(family) *: 1, default: 0),                 \
                   "backends.def, row " #family " " name ": the function must be a "           \
                   TD_STR(TD_FN_TYPE_##kind(family)));                                         \
    CHECK_NODES_##nodes_kind(family, name, nodes_fn)                                           \
    CHECK_SQUEEZE_##squeeze_kind(family, kind, name, squeeze_fn)
#include "backends/backends.def"
#undef TD_BEGIN_FAMILY
#undef TD_END_FAMILY
#undef TD_ROW

// ---------------------------------------------------------------- tables

#define FN_MEMBER_SINGLE(family)  family
#define FN_MEMBER_LANES(family)   family##_many
#define FN_MEMBER_STREAMS(family) family##_many
#define NODES_NO(family, isa, fn)    { NULL }
#define NODES_EACH(family, isa, fn)  { .family = TD_HAVE_##isa ? (fn) : NULL }
#define NODES_LEVEL(family, isa, fn) NODES_EACH(family, isa, fn)
#define NODES_LEVEL_NO    0
#define NODES_LEVEL_EACH  0
#define NODES_LEVEL_LEVEL 1

// A row left out of the build keeps its place, its functions NULL and never
// referenced.
#define TD_BEGIN_FAMILY(family) static const td_backend_row family##_rows[] = {
#define TD_END_FAMILY(family) };
#define SQUEEZE_NO(isa, fn)  NULL
#define SQUEEZE_YES(isa, fn) (TD_HAVE_##isa ? (fn) : NULL)
#define TD_ROW(family, id, row_name, isa, file, needs, row_kind, fn, row_lanes, nodes_kind,   \
               nodes_fn, squeeze_kind, squeeze_fn, pinned)                                    \
    { .name = (row_name),                                                                     \
      .cpu_needs = (needs),                                                                   \
      .blocks = { .FN_MEMBER_##row_kind(family) = TD_HAVE_##isa ? (fn) : NULL },              \
      .lanes = (row_lanes),                                                                   \
      .kind = TD_ROW_##row_kind,                                                              \
      .nodes = NODES_##nodes_kind(family, isa, nodes_fn),                                     \
      .nodes_level = NODES_LEVEL_##nodes_kind,                                                \
      .squeeze = SQUEEZE_##squeeze_kind(isa, squeeze_fn),                                     \
      .built = TD_HAVE_##isa },
#include "backends/backends.def"
#undef TD_BEGIN_FAMILY
#undef TD_END_FAMILY
#undef TD_ROW

// ---------------------------------------------------------------- rules

// Rules (td_many_rule) of the family named RULES_FAMILY, each naming a row by
// its id in backends.def (a name that is not there does not compile): the row
// for at least min messages, on every CPU, on CPUs with the bits, or on CPUs
// without them; the NODES_ ones for batches of a Merkle level's nodes only
// (td_batch_shape). A row no rule names is used only where it is pinned
// (backends.def's PINNED_ rows).
#define ROW_ID(id)          ROW_ID_(RULES_FAMILY, id)
#define ROW_ID_(family, id) ROW_ID__(family, id)
#define ROW_ID__(family, id) TD_ROW_##family##_##id
#define RULE(id, min, with, without, shape) { ROW_ID(id), (min), (with), (without), (shape) }
#define FROM(id, min)                        RULE(id, min, 0, 0, TD_BATCH_ANY)
#define FROM_WITH(id, min, with)             RULE(id, min, with, 0, TD_BATCH_ANY)
#define FROM_WITHOUT(id, min, without)       RULE(id, min, 0, without, TD_BATCH_ANY)
#define NODES_FROM_WITH(id, min, with)       RULE(id, min, with, 0, TD_BATCH_NODES)
#define NODES_FROM_WITHOUT(id, min, without) RULE(id, min, 0, without, TD_BATCH_NODES)

// The figures behind each rule are in docs/performance-notes.md, "The rules
// of the automatic choice", under the family's name.

#define RULES_FAMILY md5
static const td_many_rule md5_rules[] = {
    // Where rotates are slow, one 16-lane group's step chain leaves
    // the vector units idle and a second group fills them.
#if defined(__x86_64__) || defined(_M_X64)
    FROM_WITH(avx512_x32, 17, TD_CPU_SLOW_ROTATE),
#endif
    // Where a ZMM operation costs two YMM ones, so does a 16-lane pass: 8
    // lanes up to 8 messages, and from 2.
    FROM_WITH(avx512_x16, 9, TD_CPU_SLOW_ZMM),
    FROM_WITH(avx2_x8, 2, TD_CPU_SLOW_ZMM),
    // Where rotates are slow a 16-lane pass costs about two messages in
    // scalar code; where they are not, two messages already gain.
    FROM_WITH(avx512_x16, 3, TD_CPU_SLOW_ROTATE),
    FROM_WITHOUT(avx512_x16, 2, TD_CPU_SLOW_ROTATE),
    // Without AVX-512: two groups of 8 lanes from 9 messages, one from 2
    // (from 3 where vector integer operations are slow).
    FROM(avx2_x16, 9),
    FROM_WITHOUT(avx2_x8, 2, TD_CPU_SLOW_VECTOR_INT),
    FROM(avx2_x8, 3),
    FROM_WITHOUT(avx512, 1, TD_CPU_SLOW_ROTATE),
    FROM(portable, 1),
};
#undef RULES_FAMILY

#define RULES_FAMILY sha1
static const td_many_rule sha1_rules[] = {
    // A Merkle level's nodes go to their digests from the streams'
    // registers (td_sha1_nodes_fn), which keeps streams ahead of lanes for
    // longer.
    NODES_FROM_WITH(avx512_x16, 13, TD_CPU_SLOW_ZMM),
    // Up to 12 such messages (and streams fed one or two blocks a call):
    // the streams built without AVX-512VL, ahead there on one-block updates.
    NODES_FROM_WITH(shani_x4, 2, TD_CPU_SLOW_ZMM),
    // Where rotates are slow, SHA-NI streams up to 9 messages, lanes from
    // 10; where they are not (and SHA1RNDS4 issues slower), from 6.
    FROM_WITH(avx512_x16, 10, TD_CPU_SLOW_ROTATE),
    FROM_WITHOUT(avx512_x16, 6, TD_CPU_SLOW_ROTATE),
    // The streams built with AVX-512VL have 32 vector registers, not 16.
    FROM_WITH(shani_avx512_x4, 2, TD_CPU_SLOW_ZMM),
    FROM(shani_x4, 2),
    // Two message schedules (sha1_shani.c): vector ALUs and the SHA unit
    // mixed, or the SHA unit alone where vector operations are slow or
    // SHA1MSG1/2 fast.
    FROM_WITHOUT(shani, 1, TD_CPU_SLOW_VECTOR_INT | TD_CPU_FAST_SHA1MSG),
    FROM(shani_msg, 1),
    FROM(avx2, 1),
    FROM(ssse3, 1),
    FROM(armv8, 1),
    FROM(portable, 1),
};
#undef RULES_FAMILY

#define RULES_FAMILY sha256
static const td_many_rule sha256_rules[] = {
    // Where a ZMM operation costs two YMM ones: a Merkle level's nodes in
    // pipelined pairs of streams from 8, four streams up to 14 messages of
    // any other shape, 16 lanes from 15; the streams built with AVX-512VL.
    NODES_FROM_WITH(shani_avx512_x32, 8, TD_CPU_SLOW_ZMM),
    FROM_WITH(avx512_x16, 15, TD_CPU_SLOW_ZMM),
    FROM_WITH(shani_avx512_x4, 2, TD_CPU_SLOW_ZMM),
    // Where vector integer operations are slow: 16 lanes from 10.
    FROM_WITH(avx512_x16, 10, TD_CPU_SLOW_VECTOR_INT),
    // Where they are not: a 16-lane pass costs about 7 messages of SHA-NI,
    // an 8-lane pass about 5.
    FROM_WITHOUT(avx512_x16, 11, TD_CPU_SLOW_VECTOR_INT),
    FROM_WITHOUT(avx512_x8, 5, TD_CPU_SLOW_VECTOR_INT),
    // Without AVX-512, a Merkle level's nodes in pipelined pairs from 8.
    NODES_FROM_WITHOUT(shani_x32, 8, TD_CPU_AVX512F),
    FROM(shani_x4, 2),
    FROM(avx2_x8, 2),
    FROM(shani, 1),
    FROM(avx2, 1),
    FROM(ssse3, 1),
    FROM(armv8, 1),
    FROM(portable, 1),
};
#undef RULES_FAMILY

#define RULES_FAMILY sha512
static const td_many_rule sha512_rules[] = {
    // An 8-lane pass costs about two 4-lane ones, a 4-lane pass less than
    // two messages one at a time; the AVX2 4-lane pass about 2.3.
    FROM(avx512_x8, 5),
    FROM(avx512_x4, 2),
    FROM(avx2_x4, 3),
    // Rounds split between vector and scalar registers: ahead where vector
    // operations take one cycle, behind where they take two.
    FROM_WITHOUT(avx512, 1, TD_CPU_SLOW_VECTOR_INT),
    FROM(avx512_scalar, 1),
    FROM(avx2, 1),
    FROM(armv8_sha512, 1),
    FROM(portable, 1),
};
#undef RULES_FAMILY

#define RULES_FAMILY sha3
static const td_many_rule sha3_rules[] = {
    // 8 lanes from 5 messages (one pass, not two of 4), 4 from 2 (one
    // message goes to the single-path rows below); without AVX-512, 4 from 2.
    FROM(avx512_x8, 5),
    FROM(avx512_x4, 2),
    FROM(avx2_x4, 2),
    // One message: where ZMM operations split in two (AMD Zen 4), the lanes
    // in 25 XMM registers, no shuffle; elsewhere the seven-line YMM rounds,
    // ahead of a 4-lane pass and of portable C, with AVX-512VL or AVX2 alone.
#if defined(__x86_64__) && defined(__GNUC__)
    FROM_WITH(avx512_regs, 1, TD_CPU_SLOW_ZMM),
#endif
    FROM(avx512, 1),
    FROM(avx2, 1),
    FROM(armv8_sha3, 1),
    FROM(portable, 1),
};
#undef RULES_FAMILY

#define TABLE(rows) { (rows), COUNT_OF(rows) }
static const td_backend_table tables[TD_FAMILY_COUNT] = {
    [TD_FAMILY_MD5]    = TABLE(md5_rows),
    [TD_FAMILY_SHA1]   = TABLE(sha1_rows),
    [TD_FAMILY_SHA256] = TABLE(sha256_rows),
    [TD_FAMILY_SHA512] = TABLE(sha512_rows),
    [TD_FAMILY_SHA3]   = TABLE(sha3_rows),
};
static const size_t single_rows[TD_FAMILY_COUNT] = {
    [TD_FAMILY_MD5] = td_md5_singles,       [TD_FAMILY_SHA1] = td_sha1_singles,
    [TD_FAMILY_SHA256] = td_sha256_singles, [TD_FAMILY_SHA512] = td_sha512_singles,
    [TD_FAMILY_SHA3] = td_sha3_singles,
};

static const struct {
    const td_many_rule *rules;
    size_t count;
} many_rules[TD_FAMILY_COUNT] = {
    [TD_FAMILY_MD5]    = { md5_rules, COUNT_OF(md5_rules) },
    [TD_FAMILY_SHA1]   = { sha1_rules, COUNT_OF(sha1_rules) },
    [TD_FAMILY_SHA256] = { sha256_rules, COUNT_OF(sha256_rules) },
    [TD_FAMILY_SHA512] = { sha512_rules, COUNT_OF(sha512_rules) },
    [TD_FAMILY_SHA3]   = { sha3_rules, COUNT_OF(sha3_rules) },
};

// The most rows a family has: the bound of td_backends' list.
#define TD_MOST_ROWS(a, b) ((int)(a) > (int)(b) ? (int)(a) : (int)(b))
enum {
    most_rows = TD_MOST_ROWS(TD_MOST_ROWS(TD_MOST_ROWS(td_md5_rows, td_sha1_rows),
                                          TD_MOST_ROWS(td_sha256_rows, td_sha512_rows)),
                             td_sha3_rows)
};

td_backend_table td_backend_table_of(td_family family, td_path path)
{
    const td_backend_table t = tables[family];
    if (path == TD_MULTI)
        return t;
    return (td_backend_table){ t.rows + t.count - single_rows[family], single_rows[family] };
}

int td_backend_row_usable(const td_backend_row *row)
{
    return row->built && td_cpu_has(row->cpu_needs);
}

static const td_backend_row *find_usable(td_family family, td_path path, const char *name,
                                         size_t len)
{
    const td_backend_table t = td_backend_table_of(family, path);
    for (size_t i = 0; i < t.count; i++) {
        if (strlen(t.rows[i].name) == len && memcmp(t.rows[i].name, name, len) == 0)
            return td_backend_row_usable(&t.rows[i]) ? &t.rows[i] : NULL;
    }
    return NULL;
}

// Whether a rule applies to count messages of a batch of this shape on this
// CPU; its row, if it names one usable here.
static const td_backend_row *rule_row(td_family family, const td_many_rule *rule, size_t count,
                                      td_batch_shape shape)
{
    const uint32_t cpu = td_cpu_features_mask();
    if (count < rule->min_count || (cpu & rule->cpu_with) != rule->cpu_with ||
        (cpu & rule->cpu_without) != 0 || (rule->shape != TD_BATCH_ANY && rule->shape != shape))
        return NULL;
    const td_backend_row *row = &tables[family].rows[rule->row];
    return td_backend_row_usable(row) ? row : NULL;
}

// The single path's choice, or with count 1 the row the rules take for one
// message where it is a single-path one.
static const td_backend_row *single_rule_row(td_family family, const td_many_rule *rule)
{
    const td_backend_row *row = rule_row(family, rule, 1, TD_BATCH_ANY);
    return row != NULL && row->kind == TD_ROW_SINGLE ? row : NULL;
}

static const td_backend_row *first_rule_row(td_family family, size_t count, td_batch_shape shape)
{
    for (size_t i = 0; i < many_rules[family].count; i++) {
        const td_backend_row *row = rule_row(family, &many_rules[family].rules[i], count, shape);
        if (row != NULL)
            return row;
    }
    return &tables[family].rows[tables[family].count - 1]; // portable: where no rule holds
}

// The single path's automatic choice: the first rule for one message that
// names a single-path row usable here.
static const td_backend_row *single_choice(td_family family)
{
    for (size_t i = 0; i < many_rules[family].count; i++) {
        const td_backend_row *row = single_rule_row(family, &many_rules[family].rules[i]);
        if (row != NULL)
            return row;
    }
    return &tables[family].rows[tables[family].count - 1]; // portable: where no rule holds
}

// The first ask for a count, apart so that the common path stays a load.
static TD_NOINLINE const td_backend_row *publish_many_row(td_family family, size_t count,
                                                          td_batch_shape shape)
{
    const td_backend_row *row = first_rule_row(family, count, shape);
    td_set_many_auto_row(family, shape, count, row);
    return row;
}

static inline const td_backend_row *automatic_many_row(td_family family, size_t count,
                                                       td_batch_shape shape)
{
    if (count > TD_MANY_MAX_LANES)
        count = TD_MANY_MAX_LANES;
    const td_backend_row *row = td_many_auto_row(family, shape, count);
    return row ? row : publish_many_row(family, count, shape);
}

// TURBODIGEST_BACKEND is a comma-separated list of items, each either a
// backend name for every algorithm ("portable") or ALG=NAME
// ("sha256=portable"). An item for this very algorithm beats a general one;
// among equals the last wins. Items whose name has no usable backend on this
// path are skipped, so "avx2-x8" pins the many path and leaves the single
// path to the automatic choice.
// Narrows [*begin, *end) to leave out spaces and tabs at either end.
static void trim(const char **begin, const char **end)
{
    while (*begin < *end && (**begin == ' ' || **begin == '\t'))
        (*begin)++;
    while (*end > *begin && ((*end)[-1] == ' ' || (*end)[-1] == '\t'))
        (*end)--;
}

static const td_backend_row *from_environment(td_alg alg, td_path path)
{
    const char *env = getenv("TURBODIGEST_BACKEND");
    if (env == NULL)
        return NULL;
    const td_backend_row *general = NULL, *specific = NULL;
    for (const char *item = env;;) {
        const char *comma = strchr(item, ',');
        const char *item_end = comma ? comma : item + strlen(item);
        const char *eq = memchr(item, '=', (size_t)(item_end - item));
        const char *name = eq ? eq + 1 : item, *name_end = item_end;
        trim(&name, &name_end);
        const td_backend_row *row =
            find_usable(td_alg_info_of(alg)->family, path, name, (size_t)(name_end - name));
        if (eq == NULL) {
            if (row)
                general = row;
        } else {
            const char *alg_begin = item, *alg_end = eq;
            trim(&alg_begin, &alg_end);
            char alg_name[32];
            const size_t alg_len = (size_t)(alg_end - alg_begin);
            td_alg named;
            if (row && alg_len < sizeof alg_name) {
                memcpy(alg_name, alg_begin, alg_len);
                alg_name[alg_len] = '\0';
                if (td_alg_from_name(alg_name, &named) == TD_OK &&
                    td_alg_index(named, &named) && named == alg)
                    specific = row;
            }
        }
        if (comma == NULL)
            break;
        item = comma + 1;
    }
    return specific ? specific : general;
}

static TD_NOINLINE const td_backend_row *choose_and_publish(td_alg alg, td_path path)
{
    const td_backend_row *row = from_environment(alg, path);
    if (row == NULL)
        row = path == TD_SINGLE ? single_choice(td_alg_info_of(alg)->family)
                                : &td_automatic_marker;
    td_set_chosen_row(alg, path, row);
    return row;
}

static const td_backend_row *chosen_row(td_alg alg, td_path path)
{
    const td_backend_row *row = td_chosen_row(alg, path);
    return row ? row : choose_and_publish(alg, path);
}

TD_NOINLINE const td_backend_row *td_many_row_first(td_alg alg, size_t count,
                                                  td_batch_shape shape)
{
    const td_backend_row *row = chosen_row(alg, TD_MULTI);
    return row != &td_automatic_marker
               ? row
               : automatic_many_row(td_alg_info_of(alg)->family, count, shape);
}

const td_backend_row *td_backend_row_for(td_alg alg, td_path path)
{
    return path == TD_SINGLE ? chosen_row(alg, TD_SINGLE)
                             : td_many_row_first(alg, TD_MANY_MAX_LANES, TD_BATCH_ANY);
}

// Whether alg and path are known; *index is alg's index. SHAKE has the
// single path alone: no call hashes many of its messages.
static int args_valid(td_alg alg, td_path path, td_alg *index)
{
    return td_alg_index(alg, index) &&
           (path == TD_SINGLE || (path == TD_MULTI && (unsigned)alg < (unsigned)TD_ALG_COUNT));
}

// Appends row to order[0 .. *count), a list of room rows, unless it is
// there already.
static void append_once(const td_backend_row **order, size_t *count, size_t room,
                        const td_backend_row *row)
{
    for (size_t i = 0; i < *count; i++)
        if (order[i] == row)
            return;
    if (*count < room)
        order[(*count)++] = row;
}

size_t td_backends(td_alg alg, td_path path, const char **names, size_t cap)
{
    if (!args_valid(alg, path, &alg))
        return 0;
    // In the order of preference on this CPU, so that the first name is the
    // default. Single path: the rows the rules take for one message, in the
    // rules' order; many path: the rows they take for a full batch, then for
    // fewer messages (batches of any shape). Then the other rows usable here.
    const td_family family = td_alg_info_of(alg)->family;
    const td_backend_table t = td_backend_table_of(family, path);
    const td_backend_row *order[most_rows];
    size_t count = 0;
    if (path == TD_MULTI) {
        for (size_t n = TD_MANY_MAX_LANES; n >= 1; n--)
            append_once(order, &count, most_rows, automatic_many_row(family, n, TD_BATCH_ANY));
    } else {
        for (size_t i = 0; i < many_rules[family].count; i++) {
            const td_backend_row *row = single_rule_row(family, &many_rules[family].rules[i]);
            if (row != NULL)
                append_once(order, &count, most_rows, row);
        }
    }
    for (size_t i = 0; i < t.count; i++)
        if (td_backend_row_usable(&t.rows[i]))
            append_once(order, &count, most_rows, &t.rows[i]);
    for (size_t i = 0; names != NULL && i < count && i < cap; i++)
        names[i] = order[i]->name;
    return count;
}

const char *td_backend(td_alg alg, td_path path)
{
    return args_valid(alg, path, &alg) ? td_backend_row_for(alg, path)->name : NULL;
}

int td_use_backend(td_alg alg, td_path path, const char *name)
{
    if (!args_valid(alg, path, &alg))
        return TD_ERR_ARG;
    if (name == NULL) {
        td_set_chosen_row(alg, path, NULL);
        return TD_OK;
    }
    const td_backend_row *row = find_usable(td_alg_info_of(alg)->family, path, name, strlen(name));
    if (row == NULL)
        return TD_ERR_UNSUPPORTED;
    td_set_chosen_row(alg, path, row);
    return TD_OK;
}
