/* SPDX-License-Identifier: Apache-2.0
 * The backend names from outside: TURBODIGEST_BACKEND set to the input (up
 * to its first NUL byte), read again for every algorithm and path after
 * td_use_backend(NULL), against a model of API.md's rules written here:
 * comma-separated items, each a backend name for every algorithm or
 * ALG=NAME (td_alg_from_name spellings), blanks around either part left
 * out; an item for this very algorithm beats a general one, among equals
 * the last wins; a name with no usable backend on a path is ignored there.
 * The backend the library reports must be the model's, and must hash
 * correctly. Also: td_use_backend with the input as a name (accepted exactly
 * when td_backends lists it), and td_alg_from_name (the same answer for
 * every mix of upper and lower case).
 */
#include "fuzz.h"

enum { MAX_ENV = FZ_MAX_ENV };

static int set_env(const char *value)
{
    static fz_env var = { "TURBODIGEST_BACKEND", "" };
    return fz_set_env(&var, value);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

// s[0 .. len) without the blanks at either end, NUL-terminated in out.
static void trimmed(const char *s, size_t len, char *out)
{
    while (len && is_blank(*s)) {
        s++;
        len--;
    }
    while (len && is_blank(s[len - 1]))
        len--;
    memcpy(out, s, len);
    out[len] = '\0';
}

typedef struct listing {
    const char *names[TU_MAX_BACKENDS];
    size_t count;
    const char *automatic; // td_backend with nothing named or pinned
} listing;

// Per algorithm (SHAKE after the fixed-output ones: tu_alg_slot) and path.
static listing listed[TD_ALG_COUNT + 2][2];
static uint8_t abc_digest[TD_ALG_COUNT + 2][TD_MAX_DIGEST_SIZE];

// Every algorithm the variable may name: the fixed-output ones, then SHAKE
// (the single path only: td_shake and td_xof_* have no many path).
enum { N_ALGS = TD_ALG_COUNT + 2 };
static td_alg alg_at(int i) { return i < TD_ALG_COUNT ? (td_alg)i : tu_xofs[i - TD_ALG_COUNT]; }
static int paths_of(td_alg alg) { return alg == TD_SHAKE128 || alg == TD_SHAKE256 ? 1 : 2; }

static const char *find(const listing *l, const char *name)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->names[i], name) == 0)
            return l->names[i];
    return NULL;
}

// The backend the rules give alg on path for the variable's value env.
static const char *model(td_alg alg, td_path path, const char *env)
{
    const listing *l = &listed[tu_alg_slot(alg)][path];
    const char *general = NULL, *specific = NULL;
    static char item[MAX_ENV + 1], left[MAX_ENV + 1], right[MAX_ENV + 1];
    size_t at = 0;
    for (;;) {
        const size_t n = strcspn(env + at, ",");
        memcpy(item, env + at, n);
        item[n] = '\0';
        char *eq = strchr(item, '=');
        if (eq == NULL) {
            trimmed(item, n, right);
            const char *name = find(l, right);
            if (name)
                general = name;
        } else {
            trimmed(item, (size_t)(eq - item), left);
            trimmed(eq + 1, strlen(eq + 1), right);
            td_alg named;
            const char *name = find(l, right);
            if (name && td_alg_from_name(left, &named) == TD_OK && named == alg)
                specific = name;
        }
        if (env[at + n] == '\0')
            break;
        at += n + 1;
    }
    return specific ? specific : general ? general : l->automatic;
}

static void setup(void)
{
    set_env(NULL);
    for (int a = 0; a < N_ALGS; a++) {
        const td_alg alg = alg_at(a);
        for (int p = 0; p < paths_of(alg); p++) {
            listing *l = &listed[a][p];
            l->count = fz_backends(alg, (td_path)p, l->names);
            fz_pin(alg, (td_path)p, NULL);
            l->automatic = td_backend(alg, (td_path)p);
            FZ_CHECK(l->automatic != NULL, "td_backend");
        }
        if (a < TD_ALG_COUNT)
            ref_hash(alg, "abc", 3, abc_digest[a]);
        else
            ref_shake(alg, "abc", 3, abc_digest[a], TD_MAX_DIGEST_SIZE);
    }
}

// Runs one hash on the path and checks it.
static void check_hashes(td_alg alg, td_path path)
{
    const size_t d = td_digest_size(alg);
    uint8_t got[3 * TD_MAX_DIGEST_SIZE];
    if (alg == TD_SHAKE128 || alg == TD_SHAKE256) {
        FZ_CHECK(td_shake(alg, "abc", 3, got, TD_MAX_DIGEST_SIZE) == TD_OK, "td_shake");
        FZ_EQ_MEM(got, abc_digest[tu_alg_slot(alg)], TD_MAX_DIGEST_SIZE,
                  "td_shake(\"abc\") on the backend chosen");
    } else if (path == TD_SINGLE) {
        FZ_CHECK(td_hash(alg, "abc", 3, got) == TD_OK, "td_hash");
        FZ_EQ_MEM(got, abc_digest[alg], d, "td_hash(\"abc\") on the backend chosen");
    } else {
        const void *ptrs[3] = { "abc", "abc", "abc" };
        const size_t lens[3] = { 3, 3, 3 };
        FZ_CHECK(td_hash_many(alg, 3, ptrs, lens, got) == TD_OK, "td_hash_many");
        for (size_t i = 0; i < 3; i++)
            FZ_EQ_MEM(got + i * d, abc_digest[alg], d, "td_hash_many(\"abc\" x 3), digest %zu", i);
    }
}

// td_alg_from_name must not depend on case.
static void check_alg_name(const char *s)
{
    static char flipped[MAX_ENV + 1];
    size_t n = strlen(s);
    for (size_t i = 0; i <= n; i++) {
        const char c = s[i];
        flipped[i] = c >= 'a' && c <= 'z' ? (char)(c - 32) : c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
    }
    td_alg a = TD_ALG_COUNT, b = TD_ALG_COUNT;
    const int ra = td_alg_from_name(s, &a), rb = td_alg_from_name(flipped, &b);
    FZ_CHECK(ra == rb && (ra != TD_OK || a == b), "td_alg_from_name: %d/%d for \"%s\", %d/%d with the case flipped",
             ra, (int)a, s, rb, (int)b);
    FZ_CHECK(ra == TD_OK || ra == TD_ERR_ARG, "td_alg_from_name = %d", ra);
    if (ra == TD_OK) {
        FZ_CHECK((unsigned)a < (unsigned)TD_ALG_COUNT || a == TD_SHAKE128 || a == TD_SHAKE256,
                 "td_alg_from_name gave %d", (int)a);
        FZ_CHECK(n < 16, "td_alg_from_name took a %zu-byte name", n);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        setup();
        ready = 1;
    }
    static char env[MAX_ENV + 1];
    size_t n = size < MAX_ENV ? size : MAX_ENV;
    memcpy(env, data, n);
    env[n] = '\0';
    fz_what = env;
    check_alg_name(env);

    FZ_CHECK(set_env(env), "setting TURBODIGEST_BACKEND");
    for (int a = 0; a < N_ALGS; a++) {
        for (int p = 0; p < paths_of(alg_at(a)); p++) {
            const td_alg alg = alg_at(a);
            const td_path path = (td_path)p;
            fz_pin(alg, path, NULL); // the next use reads the variable again
            const char *want = model(alg, path, env), *got = td_backend(alg, path);
            FZ_CHECK(got != NULL && strcmp(got, want) == 0,
                     "TURBODIGEST_BACKEND: %s %s got \"%s\", the rules say \"%s\"", tu_alg_str(alg),
                     p ? "multi" : "single", got ? got : "(null)", want);
            check_hashes(alg, path);
        }
    }
    FZ_CHECK(set_env(NULL), "unsetting TURBODIGEST_BACKEND");

    // The input as one name, pinned directly.
    for (int a = 0; a < N_ALGS; a++) {
        for (int p = 0; p < paths_of(alg_at(a)); p++) {
            const td_alg alg = alg_at(a);
            const td_path path = (td_path)p;
            const int rc = td_use_backend(alg, path, env);
            const char *name = find(&listed[a][p], env);
            FZ_CHECK(rc == (name ? TD_OK : TD_ERR_UNSUPPORTED), "td_use_backend(%s, %s, \"%s\") = %d",
                     tu_alg_str(alg), p ? "multi" : "single", env, rc);
            if (name)
                FZ_CHECK(strcmp(td_backend(alg, path), name) == 0, "td_backend after pinning");
            fz_pin(alg, path, NULL);
        }
    }
    return 0;
}
