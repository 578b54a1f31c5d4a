/* SPDX-License-Identifier: Apache-2.0
 * The tests' model of td_cpu_features() and TURBODIGEST_CPU (README): the
 * words the library prints, in its order, as bits of a feature set, and the
 * variable applied to such a set. Include after testutil.h.
 */
#ifndef TD_CPU_MODEL_H
#define TD_CPU_MODEL_H

#include "testutil.h"

// The words of td_cpu_features(), in the order printed; one bit each.
static const char *const cm_words_list[] = {
    "sse2",     "ssse3",    "sse4.1", "avx",  "avx2", "bmi1",   "bmi2",        "avx512f",
    "avx512vl", "avx512bw", "sha-ni", "neon", "sha1", "sha2",   "sha512",      "sha3",
    "slow-rotate", "slow-vector-int", "slow-zmm", "fast-sha1msg",
};
#define CM_NWORDS (sizeof cm_words_list / sizeof cm_words_list[0])
// The words that may be set as well.
#define CM_TRAITS "slow-rotate slow-vector-int slow-zmm fast-sha1msg"

// Older names the variable takes for traits, never printed.
static const struct {
    const char *name, *words;
} cm_aliases[] = {
    { "slow-vprold", "slow-rotate fast-sha1msg" },
};

// Hiding a feature hides these too.
static const struct {
    const char *name, *also;
} cm_hides_also[] = {
    { "avx", "avx2 avx512f avx512vl avx512bw" },
    { "avx512f", "avx512vl avx512bw" },
    { "neon", "sha1 sha2 sha512 sha3" },
    { "sha2", "sha512 sha3" },
    { "sha512", "sha3" },
    { "sha3", "sha512" },
};

static inline int cm_word_index(const char *w, size_t n)
{
    for (size_t i = 0; i < CM_NWORDS; i++)
        if (strlen(cm_words_list[i]) == n && memcmp(cm_words_list[i], w, n) == 0)
            return (int)i;
    return -1;
}

// The set of space-separated words; an unknown word fails the test.
static inline uint32_t cm_words(const char *text)
{
    uint32_t set = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, " ");
        if (n != 0) {
            const int i = cm_word_index(p, n);
            if (i >= 0)
                set |= 1u << i;
            else
                TU_CHECK(0, "unknown feature word \"%.*s\" (in \"%s\")", (int)n, p, text);
        }
        p += n;
        p += *p == ' ';
    }
    return set;
}

// The text td_cpu_features() gives for a set.
static inline void cm_text(uint32_t set, char *out, size_t size)
{
    out[0] = '\0';
    for (size_t i = 0; i < CM_NWORDS; i++)
        if (set & (1u << i))
            snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? " " : "",
                     cm_words_list[i]);
}

static inline int cm_subset(uint32_t a, uint32_t b)
{
    return (a & ~b) == 0;
}

// TURBODIGEST_CPU applied to a feature set: comma-separated items applied
// left to right, spaces and tabs around them ignored; -NAME hides NAME (and
// what goes with it) or clears a trait, +NAME sets a trait (an alias: its
// traits); anything else is skipped.
static inline uint32_t cm_apply(const char *spec, uint32_t set)
{
    const uint32_t traits = cm_words(CM_TRAITS);
    for (const char *p = spec; p != NULL;) {
        const char *comma = strchr(p, ',');
        const char *b = p, *e = comma ? comma : p + strlen(p);
        while (b < e && (*b == ' ' || *b == '\t'))
            b++;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        const int i = e - b >= 2 ? cm_word_index(b + 1, (size_t)(e - b - 1)) : -1;
        uint32_t alias = 0;
        for (size_t k = 0; e - b >= 2 && k < sizeof cm_aliases / sizeof cm_aliases[0]; k++)
            if (strlen(cm_aliases[k].name) == (size_t)(e - b - 1) &&
                memcmp(cm_aliases[k].name, b + 1, (size_t)(e - b - 1)) == 0)
                alias = cm_words(cm_aliases[k].words);
        if (alias != 0 && *b == '-') {
            set &= ~alias;
        } else if (alias != 0 && *b == '+') {
            set |= alias;
        } else if (i >= 0 && *b == '-') {
            set &= ~(1u << i);
            for (size_t k = 0; k < sizeof cm_hides_also / sizeof cm_hides_also[0]; k++)
                if (strcmp(cm_hides_also[k].name, cm_words_list[i]) == 0)
                    set &= ~cm_words(cm_hides_also[k].also);
        } else if (i >= 0 && *b == '+' && (traits & (1u << i))) {
            set |= 1u << i;
        }
        p = comma ? comma + 1 : NULL;
    }
    return set;
}

#endif // TD_CPU_MODEL_H
