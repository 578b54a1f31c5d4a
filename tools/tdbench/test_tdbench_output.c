// SPDX-License-Identifier: Apache-2.0
// tdbench's option parser and writers, without measuring anything: argument
// vectors in, options out; made-up results in, every format parsed back.

#include <ctype.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tdbench.h"

#ifdef TD_BENCH_OPENSSL
#define HAVE_OPENSSL 1
#else
#define HAVE_OPENSSL 0
#endif

static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                      \
        }                                                                    \
    } while (0)

// ------------------------------------------------------------------ options

static tb_parse_result parse(tb_options *opt, char *err, size_t errlen, ...)
{
    char *argv[32];
    int argc = 0;
    argv[argc++] = "tdbench";
    va_list ap;
    va_start(ap, errlen);
    for (char *a; argc < 31 && (a = va_arg(ap, char *)) != NULL;)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;
    err[0] = '\0';
    return tb_parse_options(argc, argv, opt, HAVE_OPENSSL, err, errlen);
}

static void test_options(void)
{
    tb_options o;
    char err[1024];

    CHECK(parse(&o, err, sizeof err, (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.algs == (1u << TD_ALG_COUNT) - 1u);
    CHECK(o.paths == (TB_PATH_SINGLE | TB_PATH_MULTI));
    CHECK(o.nsizes == 4 && o.sizes[0] == 10 && o.sizes[1] == 100 && o.sizes[2] == 1000
          && o.sizes[3] == 10000);
    CHECK(o.format == TB_TABLE && o.nbackends == 0 && o.rounds == 11 && !o.quick);
    CHECK(o.openssl == HAVE_OPENSSL);

    CHECK(parse(&o, err, sizeof err, "-a", "sha256", "--sizes", "64", "--quick", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.algs == 1u << TD_SHA256);
    CHECK(o.nsizes == 1 && o.sizes[0] == 64);
    CHECK(o.quick && o.rounds == 3 && o.round_ms == 10.0);

    CHECK(parse(&o, err, sizeof err, "--algorithm=SHA-512,md5", "-a", "sha512/256",
                "--sizes=16,1K,16KiB,1M,1MiB,7b", "--rounds", "5", "--quick", (char *)NULL)
          == TB_PARSE_RUN);
    CHECK(o.algs == ((1u << TD_SHA512) | (1u << TD_MD5) | (1u << TD_SHA512_256)));
    CHECK(o.nsizes == 6 && o.sizes[0] == 16 && o.sizes[1] == 1024 && o.sizes[2] == 16384
          && o.sizes[3] == 1048576 && o.sizes[4] == 1048576 && o.sizes[5] == 7);
    CHECK(o.rounds == 5 && o.round_ms == 10.0); // an explicit --rounds beats --quick's

    CHECK(parse(&o, err, sizeof err, "--openssl-sizes", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nsizes == 6 && o.sizes[0] == 16 && o.sizes[5] == 16384);

    const struct { const char *name; tb_format f; } formats[] = {
        { "table", TB_TABLE }, { "cargo", TB_CARGO }, { "csv", TB_CSV },
        { "json", TB_JSON }, { "markdown", TB_MARKDOWN },
    };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--format", formats[i].name, (char *)NULL)
              == TB_PARSE_RUN);
        CHECK(o.format == formats[i].f);
    }
    CHECK(parse(&o, err, sizeof err, "-p", "multi", "--clock", "wall", "--batch", "8",
                "--svg", "x.svg", "--no-openssl", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.paths == TB_PATH_MULTI && o.clock == TB_CLOCK_WALL && o.batch == 8);
    CHECK(o.svg_path && strcmp(o.svg_path, "x.svg") == 0 && o.openssl == 0);

    CHECK(parse(&o, err, sizeof err, "--backend", "portable", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 1 && strcmp(o.backends[0], "portable") == 0);
    CHECK(parse(&o, err, sizeof err, "--backend", "portable,all", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 0);
#ifdef TD_BENCH_OPENSSL
    CHECK(parse(&o, err, sizeof err, "-b", "openssl-evp", (char *)NULL) == TB_PARSE_RUN);
    CHECK(o.nbackends == 1 && strcmp(o.backends[0], "openssl-evp") == 0);
#endif

    CHECK(parse(&o, err, sizeof err, "--help", (char *)NULL) == TB_PARSE_HELP);
    CHECK(parse(&o, err, sizeof err, "-h", (char *)NULL) == TB_PARSE_HELP);
    CHECK(parse(&o, err, sizeof err, "--version", (char *)NULL) == TB_PARSE_VERSION);

    // Bad input: an error with a message that names what was wrong.
    CHECK(parse(&o, err, sizeof err, "-a", "sha3", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown algorithm 'sha3'") != NULL);
    CHECK(parse(&o, err, sizeof err, "-a", "md5,", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--backend", "nosuch", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown backend 'nosuch'") != NULL && strstr(err, "portable") != NULL);
    CHECK(parse(&o, err, sizeof err, "--no-openssl", "-b", "openssl", (char *)NULL)
          == TB_PARSE_ERROR);
    const char *bad_sizes[] = { "0", "10x", "", "1,,2", "-5", "1G", "999999999999", "1.5K", "K" };
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        CHECK(parse(&o, err, sizeof err, "--sizes", bad_sizes[i], (char *)NULL) == TB_PARSE_ERROR);
        CHECK(strstr(err, "size") != NULL);
    }
    CHECK(parse(&o, err, sizeof err, "--sizes", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "needs a value") != NULL);
    CHECK(parse(&o, err, sizeof err, "--format", "xml", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--path", "both", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--rounds", "0", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--round-ms", "fast", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--clock", "tsc", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(parse(&o, err, sizeof err, "--frobnicate", (char *)NULL) == TB_PARSE_ERROR);
    CHECK(strstr(err, "unknown option") != NULL);
    CHECK(parse(&o, err, sizeof err, "--quickly", (char *)NULL) == TB_PARSE_ERROR);
}

// ------------------------------------------------------------- fixtures

#define NRES 12

// Two algorithms, three series each (portable single, portable multi,
// openssl), two sizes; numbers chosen to exercise thousands separators.
static void make_results(tb_result *r)
{
    static const size_t sizes[2] = { 10, 10000 };
    static const char *const backends[3] = { "portable", "portable", "openssl" };
    static const char *const paths[3] = { "single", "multi", "single" };
    size_t k = 0;
    for (int a = 0; a < 2; a++) {
        for (int s = 0; s < 3; s++) {
            for (int z = 0; z < 2; z++, k++) {
                tb_result *o = &r[k];
                memset(o, 0, sizeof *o);
                o->alg = a == 0 ? TD_SHA256 : TD_SHA512_256;
                o->path = paths[s];
                o->backend = backends[s];
                o->size = sizes[z];
                o->batch = s == 1 ? 64 : 1;
                o->ns_per_iter = z == 0 ? 42.75 + s : 12345.6 + 1000.0 * s + a;
                o->spread_ns = z == 0 ? 0.9 : 1234.5;
                o->mb_per_s = (double)o->size * 1e3 / o->ns_per_iter;
                o->cycles_per_byte = s == 2 && z == 0 ? -1.0 : 3.25 + s;
                o->counter_per_byte = 2.5;
                o->ratio = s == 1 && a == 1 ? -1.0 : 0.5 + 0.25 * s;
                o->rounds = 7;
                o->iters = 1000u + k;
            }
        }
    }
}

static tb_meta make_meta(void)
{
    tb_meta m;
    memset(&m, 0, sizeof m);
    m.tool_version = "0.1.0";
    m.library_version = "0.1.0";
    m.cpu_model = "Test CPU <&> \"quoted\"";
    m.cpu_features = "sse2";
    m.date = "2025-01-01 00:00 UTC";
    m.openssl_version = "OpenSSL 3.0.0";
    m.clock_name = "thread CPU time";
    m.cycles_label = "TSC cycles";
    m.counter_ghz = 2.6;
    m.core_ghz = 3.8;
    m.rounds = 7;
    m.round_ms = 25;
    return m;
}

// Runs a writer into a temporary file and returns its text (caller frees).
static char *render(tb_format format, int svg, const tb_result *r, size_t n)
{
    const tb_meta m = make_meta();
    FILE *f = tmpfile();
    if (f == NULL) {
        fprintf(stderr, "tmpfile failed\n");
        exit(1);
    }
    const int rc = svg ? tb_write_svg(f, &m, r, n) : tb_write_results(f, format, &m, r, n);
    CHECK(rc == 0);
    const long len = ftell(f);
    rewind(f);
    char *text = calloc((size_t)len + 1, 1);
    if (text == NULL || fread(text, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "reading back failed\n");
        exit(1);
    }
    fclose(f);
    return text;
}

static size_t count_of(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

// ------------------------------------------------------------------- cargo

static uint64_t parse_thousands(const char **p)
{
    uint64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)**p) || (**p == ',' && digits)) {
        if (**p != ',')
            v = v * 10 + (uint64_t)(**p - '0');
        digits++;
        (*p)++;
    }
    return v;
}

// Parses "test NAME<pad> ... bench: <11-wide> ns/iter (+/- D)[ = M MB/s]"
// the way cargo-benchcmp and friends read it. Returns 0 on success.
static int parse_cargo_line(const char *line, char *name, size_t cap, size_t *name_field,
                            uint64_t *ns, uint64_t *dev, uint64_t *mbs)
{
    if (strncmp(line, "test ", 5) != 0)
        return -1;
    const char *p = line + 5;
    const char *dots = strstr(p, " ... bench: ");
    if (dots == NULL)
        return -1;
    *name_field = (size_t)(dots - p);
    size_t nlen = *name_field;
    while (nlen > 0 && p[nlen - 1] == ' ')
        nlen--;
    if (nlen == 0 || nlen >= cap)
        return -1;
    memcpy(name, p, nlen);
    name[nlen] = '\0';
    p = dots + strlen(" ... bench: ");
    const char *num_start = p;
    while (*p == ' ')
        p++;
    *ns = parse_thousands(&p);
    if (p - num_start < 11) // right-aligned in at least 11 columns
        return -1;
    if (strncmp(p, " ns/iter (+/- ", 14) != 0)
        return -1;
    p += 14;
    *dev = parse_thousands(&p);
    if (*p != ')')
        return -1;
    p++;
    *mbs = 0;
    if (strncmp(p, " = ", 3) == 0) {
        p += 3;
        *mbs = parse_thousands(&p);
        if (strcmp(p, " MB/s") != 0)
            return -1;
    } else if (*p != '\0') {
        return -1;
    }
    return 0;
}

// Next line of text (split in place), or NULL at the end.
static char *next_line(char **cursor)
{
    char *line = *cursor;
    if (line == NULL || *line == '\0')
        return NULL;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        *cursor = nl + 1;
    } else {
        *cursor = line + strlen(line);
    }
    return line;
}

static void test_cargo(void)
{
    tb_result r[NRES];
    make_results(r);

    // The example line of API.md (cargo bench's format), through the same writer.
    tb_result one = r[0];
    one.alg = TD_SHA256;
    one.size = 1000;
    one.ns_per_iter = 424.9;
    one.spread_ns = 6.2;
    char *single = render(TB_CARGO, 0, &one, 1);
    CHECK(strstr(single, "test sha256_1000 ... bench:         424 ns/iter (+/- 6) = 2358 MB/s\n")
          != NULL);
    free(single);

    char *text = render(TB_CARGO, 0, r, NRES);
    char *cursor = text;
    size_t parsed = 0, groups = 0, group_field = 0, in_group = 0, announced = 0;
    int seen[NRES] = { 0 };
    for (char *line = next_line(&cursor); line; line = next_line(&cursor)) {
        if (strncmp(line, "running ", 8) == 0) {
            groups++;
            group_field = 0;
            in_group = 0;
            announced = (size_t)strtoul(line + 8, NULL, 10);
            continue;
        }
        if (strncmp(line, "test result: ok.", 16) == 0) {
            CHECK(in_group == announced);
            continue;
        }
        if (strncmp(line, "test ", 5) != 0)
            continue;
        char name[64] = "";
        size_t field = 0;
        uint64_t ns = 0, dev = 0, mbs = 0;
        CHECK(parse_cargo_line(line, name, sizeof name, &field, &ns, &dev, &mbs) == 0);
        // Names are padded to one width within a group, as libtest does.
        if (group_field == 0)
            group_field = field;
        CHECK(field == group_field);
        in_group++;
        // Find the result this line stands for: the group order is the
        // order of first appearance of (backend, path).
        int found = 0;
        for (size_t k = 0; k < NRES && !found; k++) {
            char expect[64];
            tb_cargo_name(expect, sizeof expect, r[k].alg, r[k].size);
            if (seen[k] || strcmp(expect, name) != 0)
                continue;
            const uint64_t want_ns = (uint64_t)r[k].ns_per_iter;
            if (ns != want_ns)
                continue;
            found = 1;
            seen[k] = 1;
            CHECK(dev == (uint64_t)r[k].spread_ns);
            CHECK(mbs == r[k].size * 1000u / want_ns);
        }
        CHECK(found);
        parsed++;
    }
    CHECK(parsed == NRES);
    CHECK(groups == 3); // portable single, portable multi, openssl
    free(text);

    text = render(TB_CARGO, 0, r, NRES);
    CHECK(strstr(text, "test sha512_256_10000 ... bench: ") != NULL);
    CHECK(strstr(text, "test sha512_256_10    ... bench: ") != NULL);
    CHECK(strstr(text, "bench:      12,345 ns/iter (+/- 1,234) = 810 MB/s\n") != NULL);
    free(text);
}

// -------------------------------------------------------------------- json

// A small JSON reader: enough for an array of flat objects whose values are
// strings, numbers or null. Fails on anything else, so it checks syntax too.
typedef struct jfield {
    char key[32];
    int is_null, is_string;
    char str[64];
    double num;
} jfield;

static void skip_ws(const char **p)
{
    while (**p == ' ' || **p == '\n' || **p == '\t' || **p == '\r')
        (*p)++;
}

static int j_string(const char **p, char *out, size_t cap)
{
    size_t n = 0;
    if (**p != '"')
        return -1;
    (*p)++;
    while (**p && **p != '"') {
        char c = **p;
        if (c == '\\') {
            (*p)++;
            c = **p;
            if (c != '"' && c != '\\')
                return -1;
        }
        if ((unsigned char)c < 0x20 || n + 1 >= cap)
            return -1;
        out[n++] = c;
        (*p)++;
    }
    if (**p != '"')
        return -1;
    (*p)++;
    out[n] = '\0';
    return 0;
}

static int j_object(const char **p, jfield *fields, size_t cap, size_t *count)
{
    *count = 0;
    skip_ws(p);
    if (**p != '{')
        return -1;
    (*p)++;
    for (;;) {
        skip_ws(p);
        if (*count == cap)
            return -1;
        jfield *f = &fields[(*count)++];
        memset(f, 0, sizeof *f);
        if (j_string(p, f->key, sizeof f->key) != 0)
            return -1;
        skip_ws(p);
        if (**p != ':')
            return -1;
        (*p)++;
        skip_ws(p);
        if (**p == '"') {
            f->is_string = 1;
            if (j_string(p, f->str, sizeof f->str) != 0)
                return -1;
        } else if (strncmp(*p, "null", 4) == 0) {
            f->is_null = 1;
            *p += 4;
        } else {
            // JSON's number grammar: -?digits(.digits)?([eE][+-]?digits)?
            const char *q = *p;
            if (*q == '-')
                q++;
            if (!isdigit((unsigned char)*q) || (*q == '0' && isdigit((unsigned char)q[1])))
                return -1;
            char *end;
            f->num = strtod(*p, &end);
            for (const char *c = *p; c < end; c++) {
                if (!(isdigit((unsigned char)*c) || strchr("-+.eE", *c)))
                    return -1;
            }
            if (end == *p)
                return -1;
            *p = end;
        }
        skip_ws(p);
        if (**p == ',') {
            (*p)++;
            continue;
        }
        if (**p == '}') {
            (*p)++;
            return 0;
        }
        return -1;
    }
}

static const jfield *j_get(const jfield *f, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++) {
        if (strcmp(f[i].key, key) == 0)
            return &f[i];
    }
    return NULL;
}

static int close_to(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fabs(b) + 1e-12;
}

static void check_number(const jfield *f, size_t n, const char *key, double want)
{
    const jfield *x = j_get(f, n, key);
    CHECK(x != NULL);
    if (x == NULL)
        return;
    if (want < 0) {
        CHECK(x->is_null);
    } else {
        CHECK(!x->is_null && !x->is_string && close_to(x->num, want));
    }
}

static void test_json(void)
{
    tb_result r[NRES];
    make_results(r);
    char *text = render(TB_JSON, 0, r, NRES);
    const char *p = text;
    size_t k = 0;
    skip_ws(&p);
    CHECK(*p == '[');
    p++;
    for (;;) {
        jfield f[32];
        size_t n;
        int ok = j_object(&p, f, 32, &n) == 0;
        CHECK(ok);
        if (!ok || k >= NRES)
            break;
        const jfield *alg = j_get(f, n, "alg"), *path = j_get(f, n, "path"),
                     *backend = j_get(f, n, "backend");
        CHECK(alg && alg->is_string && strcmp(alg->str, td_alg_name(r[k].alg)) == 0);
        CHECK(path && path->is_string && strcmp(path->str, r[k].path) == 0);
        CHECK(backend && backend->is_string && strcmp(backend->str, r[k].backend) == 0);
        check_number(f, n, "size", (double)r[k].size);
        check_number(f, n, "batch", (double)r[k].batch);
        check_number(f, n, "ns_per_iter", r[k].ns_per_iter);
        check_number(f, n, "mb_per_s", r[k].mb_per_s);
        check_number(f, n, "spread_ns", r[k].spread_ns);
        check_number(f, n, "cycles_per_byte", r[k].cycles_per_byte);
        check_number(f, n, "ratio_openssl", r[k].ratio);
        check_number(f, n, "iters", (double)r[k].iters);
        k++;
        skip_ws(&p);
        if (*p == ',') {
            p++;
            continue;
        }
        break;
    }
    CHECK(*p == ']');
    p++;
    skip_ws(&p);
    CHECK(*p == '\0');
    CHECK(k == NRES);
    free(text);

    // An empty run is still a valid document.
    text = render(TB_JSON, 0, r, 0);
    p = text;
    skip_ws(&p);
    CHECK(*p == '[');
    p++;
    skip_ws(&p);
    CHECK(*p == ']');
    free(text);
}

// ------------------------------------------------------- csv, table, others

static void test_csv(void)
{
    tb_result r[NRES];
    make_results(r);
    char *text = render(TB_CSV, 0, r, NRES);
    char *cursor = text;
    char *header = next_line(&cursor);
    CHECK(header && strncmp(header, "alg,path,backend,size,", 22) == 0);
    const size_t columns = header ? count_of(header, ",") + 1 : 0;
    size_t k = 0;
    for (char *line = next_line(&cursor); line; line = next_line(&cursor), k++) {
        CHECK(count_of(line, ",") + 1 == columns);
        char alg[32], path[16], backend[32];
        size_t size;
        double ns;
        CHECK(sscanf(line, "%31[^,],%15[^,],%31[^,],%zu,%*u,%lf", alg, path, backend, &size, &ns)
              == 5);
        if (k < NRES) {
            CHECK(strcmp(alg, td_alg_name(r[k].alg)) == 0 && strcmp(path, r[k].path) == 0);
            CHECK(size == r[k].size && close_to(ns, r[k].ns_per_iter));
        }
    }
    CHECK(k == NRES);
    free(text);
}

static void test_table_markdown_svg(void)
{
    tb_result r[NRES];
    make_results(r);
    char *text = render(TB_TABLE, 0, r, NRES);
    CHECK(strstr(text, "algorithm") && strstr(text, "vs openssl") && strstr(text, "cyc/B"));
    CHECK(strstr(text, "Test CPU") && strstr(text, "2025-01-01"));
    CHECK(count_of(text, "portable") == 8 && count_of(text, " openssl ") >= 4);
    CHECK(strstr(text, "0.50x") && strstr(text, "1.00x"));
    free(text);

    text = render(TB_MARKDOWN, 0, r, NRES);
    CHECK(strstr(text, "| algorithm | backend | 10 B | 10000 B |") != NULL);
    CHECK(count_of(text, "\n| sha256 |") == 3 && count_of(text, "\n| sha512-256 |") == 3);
    CHECK(strstr(text, "| portable (many) |") != NULL);
    CHECK(strncmp(text, "<!--\n", 5) == 0 && count_of(text, "<!--") == 1
          && count_of(text, "-->") == 1);
    free(text);

    text = render(TB_TABLE, 1, r, NRES);
    CHECK(strncmp(text, "<?xml", 5) == 0);
    const size_t len = strlen(text);
    CHECK(len > 8 && strcmp(text + len - 7, "</svg>\n") == 0);
    CHECK(count_of(text, "<polyline") == 6);     // one line per series
    CHECK(count_of(text, "class=\"title\">") == 2); // one panel per algorithm
    CHECK(count_of(text, "<g>") == count_of(text, "</g>"));
    CHECK(strstr(text, "Test CPU &lt;&amp;&gt; &quot;quoted&quot;") != NULL);
    CHECK(strstr(text, "<&>") == NULL);
    free(text);
}

int main(void)
{
    test_options();
    test_cargo();
    test_json();
    test_csv();
    test_table_markdown_svg();
    if (failures) {
        fprintf(stderr, "test_tdbench_output: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_tdbench_output: ok\n");
    return 0;
}
