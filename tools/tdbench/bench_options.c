// SPDX-License-Identifier: Apache-2.0
// tdbench's command line: parsing and checking, kept apart from main so that
// the tests can drive it with argument vectors of their own.

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tdbench.h"

// The sizes the Rust hash crates publish, and OpenSSL speed's.
static const size_t default_sizes[] = { 10, 100, 1000, 10000 };
static const size_t openssl_sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
// --streams without --chunk: 64 B to 1 MiB.
static const size_t default_chunks[] = { 64, 1024, 4096, 65536, 1048576 };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define ALL_ALGS TB_ALL_ALGS

void tb_print_help(FILE *f)
{
    fputs(
        "Usage: tdbench [OPTION]...\n"
        "Measure every algorithm on every turbodigest backend usable on this CPU, on\n"
        "three paths (one message at a time; td_hash_many over a batch of distinct\n"
        "messages; td_hash_many_fixed over a batch laid end to end), or on running\n"
        "hashes fed chunk by chunk (--streams, td_update_many), with OpenSSL's\n"
        "libcrypto beside them when built with it: its low-level XXX_Init/Update/Final\n"
        "(\"openssl\", the baseline of every ratio) and EVP_Digest (\"openssl-evp\"; the\n"
        "baseline for SHA-3 and SHAKE, which OpenSSL has through EVP alone).\n"
        "\n"
        "  -a, --algorithm ALG[,ALG]  md5 sha1 sha224 sha256 sha384 sha512 sha512-224\n"
        "                             sha512-256 sha3-224 sha3-256 sha3-384 sha3-512\n"
        "                             shake128 shake256, or all (default); may be\n"
        "                             repeated\n"
        "  -b, --backend NAME[,NAME]  only these backends (e.g. portable, shani, auto,\n"
        "                             td-loop, openssl, openssl-evp), or all (default);\n"
        "                             the OpenSSL baseline is still measured for the\n"
        "                             ratio\n"
        "  -p, --path PATH[,PATH]     single: the typed one-shot, one message a call;\n"
        "                             multi: td_hash_many over a batch of distinct\n"
        "                             messages, each in its own buffer; fixed:\n"
        "                             td_hash_many_fixed over a batch laid end to end\n"
        "                             in one buffer; squeeze (SHAKE): absorb 32 bytes,\n"
        "                             squeeze each size's bytes; or all (default)\n"
        "      --batch N[,N]          messages per call on the multi and fixed paths,\n"
        "                             from 1 to 4096 (default 64); smaller for huge\n"
        "                             messages, to keep a batch within 64 MiB\n"
        "  -s, --sizes LIST           message sizes, comma-separated; suffixes K, KiB\n"
        "                             (1024) and M, MiB (default 10,100,1000,10000)\n"
        "      --openssl-sizes        OpenSSL speed's 16,64,256,1024,8192,16384\n"
        "      --merkle               one level of a SHA-256 Merkle tree instead: 1024\n"
        "                             distinct 64-byte nodes, by td_hash_many_fixed\n"
        "                             (auto, and every backend pinned), td_hash_many\n"
        "                             (auto, nodes in their own buffers), the td_sha256\n"
        "                             loop and the OpenSSL loop; ns per node and the\n"
        "                             ratio to the OpenSSL loop (not with -a, -p, -s,\n"
        "                             --batch, --openssl-sizes or --svg)\n",
        f);
    // In pieces: C11 promises string literals of 4095 characters, no more.
    fputs(
        "      --streams N[,N]        the streams path instead: N running hashes (1 to\n"
        "                             4096), each fed one chunk a call by td_update_many\n"
        "                             (auto, and every many-path backend pinned), beside\n"
        "                             td_update on each stream in turn (td-loop) and\n"
        "                             OpenSSL's XXX_Update on each of N contexts\n"
        "                             (openssl, the baseline of the ratios); stream i\n"
        "                             reads a buffer of its own. MB/s over the N chunks\n"
        "                             of a round; ns per chunk. Contexts are initialised\n"
        "                             before each timed batch and finalised after it,\n"
        "                             both outside the time: the chunk updates alone\n"
        "                             are measured (not with -p, -s, --batch,\n"
        "                             --openssl-sizes, --merkle or --svg)\n"
        "      --chunk LIST           bytes each stream gets a call, as --sizes takes\n"
        "                             them (default 64,1K,4K,64K,1M); with --streams\n"
        "      --pbkdf2               PBKDF2 instead: ns per iteration of td_pbkdf2_hmac\n"
        "                             (auto) beside OpenSSL's PKCS5_PBKDF2_HMAC and the\n"
        "                             bound (2-blocks: two single-block compressions of\n"
        "                             the single path's backend, timed on their own), a\n"
        "                             32-byte salt, one digest of output; with sha1 also\n"
        "                             WPA2's 4096 iterations of 20 and 32 bytes (not\n"
        "                             with -p, -s, --batch, --openssl-sizes, --merkle,\n"
        "                             --streams or --svg)\n"
        "      --iterations N         --pbkdf2's iterations a derivation (default\n"
        "                             100000)\n"
        "  -f, --format FMT           table (default), cargo, csv, json, markdown\n"
        "      --svg FILE             also draw MB/s against size, one panel per\n"
        "                             algorithm, one line per backend\n"
        "  -q, --quick                3 rounds of at most 10 ms per point, shorter when\n"
        "                             there are many points: about 10 s of CPU in all\n"
        "                             (what `make run` uses)\n"
        "      --rounds N             timed rounds per point (default 11; the median is\n"
        "                             reported, max - min as the spread)\n"
        "      --round-ms MS          length of one round (default 16); a round is 4\n"
        "                             batches and counts the fastest\n"
        "      --clock cpu|wall       " TB_CLOCK_HELP "\n"
        "      --no-openssl           leave OpenSSL out\n"
        "      --nominal-clock        time = cycles at the TSC's fixed (nominal) rate,\n"
        "                             not at the clock the core ran at: MB/s that do\n"
        "                             not move when a shared host changes the clock\n"
        "      --list-backends        list the backends usable here and exit\n"
        "  -h, --help                 this text\n"
        "Lists are comma-separated (-a md5,sha256); long options may be shortened\n"
        "while they stay unambiguous (--merk), and take their value as --opt=VALUE or\n"
        "as the next argument, as in tdsum.\n"
        "      --version              tdbench and library versions\n"
        "\n",
        f);
    fputs(
        "On the multi and fixed paths every batch size gets, beside each many-path\n"
        "backend pinned: \"auto\", nothing pinned (the library's choice for that many\n"
        "messages, what users get); \"td-loop\", the typed one-shot (td_sha256 and\n"
        "siblings, automatic backend) called on each message of the same batch; and\n"
        "\"openssl\", XXX_Init/Update/Final on each message of the same batch, the\n"
        "baseline of the ratios there. Times on these paths are per message: one call\n"
        "(or one loop) over the batch, divided by the batch. The streams path\n"
        "(--streams) is laid out the same way: batch is the number of streams, size\n"
        "the chunk, and times are per chunk (one round over the streams, divided by\n"
        "them), so that MB/s count the N chunks of a round.\n"
        "\n"
        "SHA-3 has no typed one-shot: its single path and td-loop call td_hash. SHAKE\n"
        "runs the single path (td_shake, 32 bytes out of SHAKE128, 64 of SHAKE256) and\n"
        "the squeeze path: 32 bytes absorbed, size bytes squeezed (MB/s of output),\n"
        "beside OpenSSL's EVP_DigestFinalXOF; it has no batch or streams paths.\n"
        "\n"
        "Output: every format gives the path and the batch of each point. JSON objects\n"
        "and CSV rows have \"path\" (single, multi, fixed, streams, squeeze, pbkdf2) and\n"
        "\"batch\" (1 on the single and squeeze paths). Cargo names: ALG_SIZE on the\n"
        "single path (sha256_1000), ALG_squeeze_SIZE on the squeeze path\n"
        "(shake128_squeeze_1024),\n"
        "ALG_manyN_SIZE on the multi path and ALG_fixedN_SIZE on the fixed path, N the\n"
        "messages per call (sha256_many64_1000, sha512_256_fixed1024_64), and\n"
        "ALG_streamsN_CHUNK on the streams path (sha256_streams16_65536: 16 streams\n"
        "of 64 KiB chunks); their ns/iter is per message (per chunk); --pbkdf2's\n"
        "ALG_pbkdf2_ITERATIONS_OUTPUT (sha1_pbkdf2_4096_32), per iteration. The\n"
        "table has batch and ns/msg columns (--pbkdf2: iterations, ns an iteration,\n"
        "then each algorithm against its bound and WPA2's 32 bytes against 20);\n"
        "Markdown rows say \"(many, batch N)\", \"(fixed, batch N)\" or \"(streams N)\",\n"
        "and --merkle's and --pbkdf2's Markdown are tables of their own, one row per\n"
        "call or loop (per derivation), in ns per node (per iteration). The SVG draws\n"
        "the single path and the pinned multi-path backends at one batch (64 if\n"
        "measured, else the first). Below the table, each pinned lanes backend (named\n"
        "-xN: N messages a call) whose batch fills its lanes gets one line: the core\n"
        "cycles one block of every lane costs, at the largest size measured, to set\n"
        "beside the CPU's own bound (not on the streams path).\n"
        "\n"
        "Backends are measured round by round in turn, so that drift on a shared\n"
        "machine hits them alike. Every round is measured in core cycles (the clock\n"
        "read beside each batch) and turned back into time at the run's median clock,\n"
        "or the nominal one (see the header of the table).\n"
        "Exit status: 0 done, 1 a digest did not match, 2 bad usage.\n",
        f);
}

void tb_default_options(tb_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->algs = ALL_ALGS;
    opt->paths = TB_PATH_ALL;
    memcpy(opt->sizes, default_sizes, sizeof default_sizes);
    opt->nsizes = COUNT_OF(default_sizes);
    opt->format = TB_TABLE;
    opt->clock = TB_DEFAULT_CLOCK;
    opt->rounds = 11;
    opt->round_ms = 16.0;
    opt->batches[0] = TB_DEFAULT_BATCH;
    opt->nbatches = 1;
    opt->openssl = 1;
    opt->pbkdf2_iterations = TB_PBKDF2_ITERATIONS;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (errlen)
        vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    }
    return *a == *b;
}

// One size: decimal digits, then an optional K/KiB/k (x1024) or M/MiB/m.
static int parse_one_size(const char *s, size_t len, size_t *out)
{
    size_t i = 0;
    uint64_t v = 0;
    if (len == 0 || !isdigit((unsigned char)s[0]))
        return -1;
    while (i < len && isdigit((unsigned char)s[i])) {
        v = v * 10u + (uint64_t)(s[i] - '0');
        if (v > TB_MAX_SIZE)
            return -1;
        i++;
    }
    const char *suffix = s + i;
    const size_t slen = len - i;
    uint64_t mult = 1;
    if (slen == 0 || (slen == 1 && (suffix[0] == 'B' || suffix[0] == 'b'))) {
        mult = 1;
    } else if ((slen == 1 && (suffix[0] == 'K' || suffix[0] == 'k'))
               || (slen == 3 && (memcmp(suffix, "KiB", 3) == 0 || memcmp(suffix, "kiB", 3) == 0))) {
        mult = 1024;
    } else if ((slen == 1 && (suffix[0] == 'M' || suffix[0] == 'm'))
               || (slen == 3 && memcmp(suffix, "MiB", 3) == 0)) {
        mult = 1024 * 1024;
    } else {
        return -1;
    }
    v *= mult;
    if (v == 0 || v > TB_MAX_SIZE)
        return -1;
    *out = (size_t)v;
    return 0;
}

// A list of sizes given to option (--sizes, --chunk), for its messages.
static int parse_size_list(const char *list, const char *option, size_t *sizes, size_t cap,
                           size_t *count, char *err, size_t errlen)
{
    size_t n = 0;
    const char *p = list;
    if (*p == '\0')
        return fail(err, errlen, "empty %s list", option);
    for (;;) {
        const char *end = strchr(p, ',');
        const size_t len = end ? (size_t)(end - p) : strlen(p);
        size_t v;
        if (parse_one_size(p, len, &v) != 0)
            return fail(err, errlen,
                        "bad size '%.*s' in %s: want a number of bytes from 1 to %u, "
                        "with an optional K, KiB, M or MiB suffix (e.g. 16,1K,1MiB)",
                        (int)len, p, option, (unsigned)TB_MAX_SIZE);
        if (n == cap)
            return fail(err, errlen, "too many sizes in %s (at most %zu)", option, cap);
        sizes[n++] = v;
        if (end == NULL)
            break;
        p = end + 1;
    }
    *count = n;
    return 0;
}

int tb_parse_sizes(const char *list, size_t *sizes, size_t cap, size_t *count, char *err,
                   size_t errlen)
{
    return parse_size_list(list, "--sizes", sizes, cap, count, err, errlen);
}

static int parse_algs(const char *list, unsigned *algs, char *err, size_t errlen)
{
    const char *p = list;
    for (;;) {
        const char *end = strchr(p, ',');
        const size_t len = end ? (size_t)(end - p) : strlen(p);
        char name[32];
        td_alg alg;
        if (len == 0 || len >= sizeof name)
            goto unknown;
        memcpy(name, p, len);
        name[len] = '\0';
        if (ieq(name, "all")) {
            *algs |= ALL_ALGS;
        } else if (td_alg_from_name(name, &alg) == TD_OK) {
            *algs |= tb_alg_bit(alg);
        } else {
            goto unknown;
        }
        if (end == NULL)
            return 0;
        p = end + 1;
        continue;
    unknown:
        return fail(err, errlen,
                    "unknown algorithm '%.*s' (known: md5, sha1, sha224, sha256, sha384, "
                    "sha512, sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, sha3-512, "
                    "shake128, shake256, all)",
                    (int)len, p);
    }
}

// Does the selection hold a path that runs td_path p's backends? The fixed
// and the streams path run the many-path ones.
static int uses_path(const tb_options *opt, int p)
{
    if (p == TD_SINGLE)
        return (opt->paths & (TB_PATH_SINGLE | TB_PATH_SQUEEZE)) != 0;
    return (opt->paths & (TB_PATH_MULTI | TB_PATH_FIXED | TB_PATH_STREAMS)) != 0;
}

// The library's backends of the selected algorithms and paths, each name
// once, in the order td_backends() gives them; returns how many.
static size_t selected_backends(const tb_options *opt, const char **out, size_t cap)
{
    size_t count = 0;
    for (int a = 0; a < TB_NALGS; a++) {
        if (!(opt->algs & (1u << a)))
            continue;
        for (int p = 0; p < 2; p++) {
            // SHAKE runs its single-path backends alone (single, squeeze).
            if (!uses_path(opt, p) || (tb_is_xof(tb_alg_at(a)) && p != TD_SINGLE))
                continue;
            const char *names[32];
            const size_t n = td_backends(tb_alg_at(a), (td_path)p, names, 32);
            for (size_t i = 0; i < n && i < 32; i++) {
                size_t k = 0;
                while (k < count && strcmp(out[k], names[i]) != 0)
                    k++;
                if (k == count && count < cap)
                    out[count++] = names[i];
            }
        }
    }
    return count;
}

// Is name a backend of some selected algorithm on some selected path?
static int backend_known(const tb_options *opt, const char *name, int have_openssl)
{
    if (opt->pbkdf2)
        return strcmp(name, TB_AUTO) == 0 || strcmp(name, TB_TWO_BLOCKS) == 0 ||
               (have_openssl && opt->openssl && strcmp(name, "openssl") == 0);
    if (have_openssl && opt->openssl
        && (strcmp(name, "openssl") == 0 || strcmp(name, "openssl-evp") == 0))
        return 1;
    if (uses_path(opt, TD_MULTI) && (strcmp(name, TB_AUTO) == 0 || strcmp(name, TB_TD_LOOP) == 0))
        return 1;
    const char *names[64];
    const size_t n = selected_backends(opt, names, COUNT_OF(names));
    for (size_t i = 0; i < n; i++) {
        if (strcmp(names[i], name) == 0)
            return 1;
    }
    return 0;
}

// The usable names for the selected algorithms and paths, for an error.
static void usable_list(const tb_options *opt, int have_openssl, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    if (opt->pbkdf2) {
        snprintf(buf, cap, TB_AUTO ", " TB_TWO_BLOCKS "%s",
                 have_openssl && opt->openssl ? ", openssl" : "");
        return;
    }
    const char *names[64];
    const size_t n = selected_backends(opt, names, COUNT_OF(names));
    for (size_t i = 0; i < n; i++) {
        const int w = snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", names[i]);
        if (w > 0 && (size_t)w < cap - used)
            used += (size_t)w;
    }
    if (uses_path(opt, TD_MULTI)) {
        const int w = snprintf(buf + used, cap - used, "%s" TB_AUTO ", " TB_TD_LOOP,
                               used ? ", " : "");
        if (w > 0 && (size_t)w < cap - used)
            used += (size_t)w;
    }
    if (have_openssl && opt->openssl)
        snprintf(buf + used, cap - used, "%sopenssl, openssl-evp", used ? ", " : "");
}

// "single,fixed" into TB_PATH_* bits; 0 on success.
static int parse_paths(const char *list, unsigned *paths, char *err, size_t errlen)
{
    static const struct { const char *name; unsigned bits; } known[] = {
        { "single", TB_PATH_SINGLE }, { "multi", TB_PATH_MULTI },
        { "fixed", TB_PATH_FIXED }, { "squeeze", TB_PATH_SQUEEZE }, { "all", TB_PATH_ALL },
    };
    unsigned bits = 0;
    const char *p = list;
    for (;;) {
        const char *end = strchr(p, ',');
        const size_t len = end ? (size_t)(end - p) : strlen(p);
        char name[16];
        size_t k = COUNT_OF(known);
        if (len > 0 && len < sizeof name) {
            memcpy(name, p, len);
            name[len] = '\0';
            for (k = 0; k < COUNT_OF(known) && !ieq(name, known[k].name); k++)
                ;
        }
        if (k == COUNT_OF(known))
            return fail(err, errlen, "unknown path '%.*s' (single, multi, fixed, squeeze or all)",
                        (int)len, p);
        bits |= known[k].bits;
        if (end == NULL)
            break;
        p = end + 1;
    }
    *paths = bits;
    return 0;
}

// A list of counts given to option (--batch, --streams).
static int parse_count_list(const char *list, const char *option, size_t *batches, size_t cap,
                            size_t *count, char *err, size_t errlen)
{
    size_t n = 0;
    const char *p = list;
    for (;;) {
        const char *end = strchr(p, ',');
        const size_t len = end ? (size_t)(end - p) : strlen(p);
        size_t v = 0, i = 0;
        while (i < len && isdigit((unsigned char)p[i]) && v <= TB_MAX_BATCH)
            v = v * 10u + (size_t)(p[i++] - '0');
        if (len == 0 || i < len || v < 1 || v > TB_MAX_BATCH)
            return fail(err, errlen,
                        "bad count '%.*s' in %s: want whole numbers from 1 to %d, "
                        "comma-separated (e.g. 1,4,64,1024)",
                        (int)len, p, option, TB_MAX_BATCH);
        size_t k = 0;
        while (k < n && batches[k] != v)
            k++;
        if (k == n) {
            if (n == cap)
                return fail(err, errlen, "too many counts in %s (at most %zu)", option, cap);
            batches[n++] = v;
        }
        if (end == NULL)
            break;
        p = end + 1;
    }
    *count = n;
    return 0;
}

int tb_parse_batches(const char *list, size_t *batches, size_t cap, size_t *count, char *err,
                     size_t errlen)
{
    return parse_count_list(list, "--batch", batches, cap, count, err, errlen);
}

static int parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    const unsigned long v = strtoul(s, &end, 10);
    if (errno || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

// The options without a short form.
enum {
    OPT_BATCH = 256,
    OPT_CHUNK,
    OPT_CLOCK,
    OPT_LIST_BACKENDS,
    OPT_MERKLE,
    OPT_NO_OPENSSL,
    OPT_NOMINAL_CLOCK,
    OPT_OPENSSL_SIZES,
    OPT_PBKDF2,
    OPT_ITERATIONS,
    OPT_ROUND_MS,
    OPT_ROUNDS,
    OPT_STREAMS,
    OPT_SVG,
    OPT_VERSION,
};

// getopt_long's tables, as in tdsum: lists are one argument with commas
// ("-a md5,sha256"), and an option may be repeated where its help says so.
// '+': stop at the first operand (tdbench takes none); ':': report a missing
// value as ':' rather than print a message of getopt's own.
static const char short_options[] = "+:a:b:p:s:f:qh";
static const struct option long_options[] = {
    { "algorithm", required_argument, NULL, 'a' },
    { "backend", required_argument, NULL, 'b' },
    { "path", required_argument, NULL, 'p' },
    { "batch", required_argument, NULL, OPT_BATCH },
    { "sizes", required_argument, NULL, 's' },
    { "openssl-sizes", no_argument, NULL, OPT_OPENSSL_SIZES },
    { "merkle", no_argument, NULL, OPT_MERKLE },
    { "streams", required_argument, NULL, OPT_STREAMS },
    { "chunk", required_argument, NULL, OPT_CHUNK },
    { "pbkdf2", no_argument, NULL, OPT_PBKDF2 },
    { "iterations", required_argument, NULL, OPT_ITERATIONS },
    { "format", required_argument, NULL, 'f' },
    { "svg", required_argument, NULL, OPT_SVG },
    { "quick", no_argument, NULL, 'q' },
    { "rounds", required_argument, NULL, OPT_ROUNDS },
    { "round-ms", required_argument, NULL, OPT_ROUND_MS },
    { "clock", required_argument, NULL, OPT_CLOCK },
    { "no-openssl", no_argument, NULL, OPT_NO_OPENSSL },
    { "nominal-clock", no_argument, NULL, OPT_NOMINAL_CLOCK },
    { "list-backends", no_argument, NULL, OPT_LIST_BACKENDS },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 },
};

// --streams N[,N] and --chunk LIST (chunk set): the streams path's counts
// and chunk sizes, kept where the batch paths keep batches and sizes.
static int parse_streams_arg(int c, const char *v, tb_options *opt, int *chunk_set, char *err,
                             size_t errlen)
{
    if (c == OPT_CHUNK) {
        *chunk_set = 1;
        return parse_size_list(v, "--chunk", opt->sizes, TB_MAX_SIZES, &opt->nsizes, err,
                               errlen);
    }
    opt->streams = 1;
    return parse_count_list(v, "--streams", opt->batches, TB_MAX_BATCHES, &opt->nbatches, err,
                            errlen);
}

// --pbkdf2 and --iterations N; 0 on success.
static int parse_pbkdf2_arg(int c, const char *v, tb_options *opt, int *iterations_set,
                            char *err, size_t errlen)
{
    unsigned long u;
    if (c == OPT_PBKDF2) {
        opt->pbkdf2 = 1;
        return 0;
    }
    if (parse_uint(v, 1, TB_MAX_PBKDF2_ITERATIONS, &u) != 0)
        return fail(err, errlen, "bad --iterations '%s' (a whole number from 1 to %d)", v,
                    TB_MAX_PBKDF2_ITERATIONS);
    opt->pbkdf2_iterations = u;
    *iterations_set = 1;
    return 0;
}

// --pbkdf2 measures derivations of its own making: no path, size or batch.
static int set_pbkdf2(tb_options *opt, const char *clash, char *err, size_t errlen)
{
    if (clash != NULL)
        return fail(err, errlen, "--pbkdf2 sets the sizes and the iterations itself: it does not "
                                 "go with '%s'", clash);
    opt->paths = 0;
    return 0;
}

// --merkle, --streams and --pbkdf2 set the workload themselves: clash is the
// last option that would change it (-a, which --streams and --pbkdf2 take,
// aside).
static int set_workload(tb_options *opt, const char *clash, const char *algs_option,
                        int chunk_set, int iterations_set, char *err, size_t errlen)
{
    if (opt->merkle + opt->streams + opt->pbkdf2 > 1)
        return fail(err, errlen, "--merkle, --streams and --pbkdf2 are workloads of their own: "
                                 "give one");
    if (iterations_set && !opt->pbkdf2)
        return fail(err, errlen, "--iterations goes with --pbkdf2");
    if (opt->pbkdf2)
        return chunk_set ? fail(err, errlen, "--chunk goes with --streams")
                         : set_pbkdf2(opt, clash, err, errlen);
    if (opt->merkle) {
        // SHA-256, 64-byte nodes, one level of 1024.
        if (clash != NULL || algs_option != NULL)
            return fail(err, errlen, "--merkle sets the algorithm, paths, size and batch itself: "
                                     "it does not go with '%s'", clash ? clash : algs_option);
        opt->algs = 1u << TD_SHA256;
        opt->paths = TB_PATH_MULTI | TB_PATH_FIXED;
        opt->sizes[0] = TB_MERKLE_NODE_SIZE;
        opt->nsizes = 1;
        opt->batches[0] = TB_MERKLE_NODES;
        opt->nbatches = 1;
        return 0;
    }
    if (!opt->streams)
        return chunk_set ? fail(err, errlen, "--chunk goes with --streams") : 0;
    if (clash != NULL)
        return fail(err, errlen, "--streams sets the path, the sizes (--chunk) and the batch "
                                 "(its streams) itself: it does not go with '%s'", clash);
    opt->paths = TB_PATH_STREAMS;
    if (!chunk_set) {
        memcpy(opt->sizes, default_chunks, sizeof default_chunks);
        opt->nsizes = COUNT_OF(default_chunks);
    }
    return 0;
}

// The --format value.
static int parse_format(const char *v, tb_options *opt, char *err, size_t errlen)
{
    if (ieq(v, "table"))
        opt->format = TB_TABLE;
    else if (ieq(v, "cargo"))
        opt->format = TB_CARGO;
    else if (ieq(v, "csv"))
        opt->format = TB_CSV;
    else if (ieq(v, "json"))
        opt->format = TB_JSON;
    else if (ieq(v, "markdown") || ieq(v, "md"))
        opt->format = TB_MARKDOWN;
    else
        return fail(err, errlen, "unknown format '%s' (table, cargo, csv, json or markdown)", v);
    return 0;
}

// What the options said that tb_options does not hold, or holds only once
// they are all read.
typedef struct options_seen {
    unsigned algs;
    int rounds_set, round_ms_set, chunk_set, iterations_set;
    const char *workload_option; // the last option --merkle, --streams do not go with
    const char *algs_option;     // -a as spelled: --merkle does not go with it either
    const char *backend_args[TB_MAX_BACKEND_NAMES];
    size_t nbackend_args;
} options_seen;

// --rounds, --round-ms and --clock.
static int parse_timing_arg(int c, const char *v, tb_options *opt, options_seen *seen, char *err,
                            size_t errlen)
{
    unsigned long u;
    if (c == OPT_ROUNDS) {
        if (parse_uint(v, 1, 1001, &u) != 0)
            return fail(err, errlen, "bad --rounds '%s' (a whole number from 1 to 1001)", v);
        opt->rounds = (unsigned)u;
        seen->rounds_set = 1;
    } else if (c == OPT_ROUND_MS) {
        char *end;
        errno = 0;
        const double ms = strtod(v, &end);
        if (errno || end == v || *end != '\0' || !(ms >= 0.1 && ms <= 10000.0))
            return fail(err, errlen, "bad --round-ms '%s' (milliseconds, from 0.1 to 10000)", v);
        opt->round_ms = ms;
        opt->round_ms_explicit = 1;
        seen->round_ms_set = 1;
    } else if (ieq(v, "cpu")) {
        opt->clock = TB_CLOCK_CPU;
    } else if (ieq(v, "wall")) {
        opt->clock = TB_CLOCK_WALL;
    } else {
        return fail(err, errlen, "unknown clock '%s' (cpu or wall)", v);
    }
    return 0;
}

// One option of argv, c as getopt_long returned it, spelled as written;
// TB_PARSE_RUN to go on.
static tb_parse_result parse_option(int c, const char *v, const char *spelled, tb_options *opt,
                                    options_seen *seen, char *err, size_t errlen)
{
    switch (c) {
    case 'h':
        return TB_PARSE_HELP;
    case OPT_VERSION:
        return TB_PARSE_VERSION;
    case 'a':
        if (parse_algs(v, &seen->algs, err, errlen) != 0)
            return TB_PARSE_ERROR;
        seen->algs_option = spelled;
        break;
    case 'b':
        if (seen->nbackend_args == TB_MAX_BACKEND_NAMES) {
            fail(err, errlen, "too many --backend options");
            return TB_PARSE_ERROR;
        }
        seen->backend_args[seen->nbackend_args++] = v;
        break;
    case 'p':
        if (parse_paths(v, &opt->paths, err, errlen) != 0)
            return TB_PARSE_ERROR;
        seen->workload_option = spelled;
        break;
    case 's':
        if (tb_parse_sizes(v, opt->sizes, TB_MAX_SIZES, &opt->nsizes, err, errlen) != 0)
            return TB_PARSE_ERROR;
        seen->workload_option = spelled;
        break;
    case OPT_OPENSSL_SIZES:
        memcpy(opt->sizes, openssl_sizes, sizeof openssl_sizes);
        opt->nsizes = COUNT_OF(openssl_sizes);
        seen->workload_option = spelled;
        break;
    case OPT_MERKLE:
        opt->merkle = 1;
        break;
    case OPT_STREAMS:
    case OPT_CHUNK:
        if (parse_streams_arg(c, v, opt, &seen->chunk_set, err, errlen) != 0)
            return TB_PARSE_ERROR;
        break;
    case OPT_PBKDF2:
    case OPT_ITERATIONS:
        if (parse_pbkdf2_arg(c, v, opt, &seen->iterations_set, err, errlen) != 0)
            return TB_PARSE_ERROR;
        break;
    case 'f':
        if (parse_format(v, opt, err, errlen) != 0)
            return TB_PARSE_ERROR;
        break;
    case OPT_SVG:
        if (*v == '\0') {
            fail(err, errlen, "--svg needs a file name");
            return TB_PARSE_ERROR;
        }
        opt->svg_path = v;
        seen->workload_option = spelled;
        break;
    case 'q':
        opt->quick = 1;
        break;
    case OPT_ROUNDS:
    case OPT_ROUND_MS:
    case OPT_CLOCK:
        if (parse_timing_arg(c, v, opt, seen, err, errlen) != 0)
            return TB_PARSE_ERROR;
        break;
    case OPT_BATCH:
        if (tb_parse_batches(v, opt->batches, TB_MAX_BATCHES, &opt->nbatches, err, errlen) != 0)
            return TB_PARSE_ERROR;
        seen->workload_option = spelled;
        break;
    case OPT_NO_OPENSSL:
        opt->openssl = 0;
        break;
    case OPT_NOMINAL_CLOCK:
        opt->nominal_clock = 1;
        break;
    case OPT_LIST_BACKENDS:
        opt->list_backends = 1;
        break;
    default: // ':' and '?' are tb_parse_options' own
        fail(err, errlen, "unknown option '%s' (try --help)", spelled);
        return TB_PARSE_ERROR;
    }
    return TB_PARSE_RUN;
}

// The backend names of the --backend options into opt->backends, once the
// algorithms and paths are known; "all" wins over any list.
static int add_backend_names(tb_options *opt, const options_seen *seen, int have_openssl,
                             char *err, size_t errlen)
{
    int all_backends = 0;
    for (size_t k = 0; k < seen->nbackend_args; k++) {
        const char *p = seen->backend_args[k];
        for (;;) {
            const char *end = strchr(p, ',');
            const size_t len = end ? (size_t)(end - p) : strlen(p);
            char name[32];
            if (len == 0 || len >= sizeof name)
                return fail(err, errlen, "bad backend name '%.*s' (try --list-backends)",
                            (int)len, p);
            memcpy(name, p, len);
            name[len] = '\0';
            if (ieq(name, "all")) {
                all_backends = 1;
            } else if (!backend_known(opt, name, have_openssl)) {
                char usable[512];
                usable_list(opt, have_openssl, usable, sizeof usable);
                return fail(err, errlen,
                            "unknown backend '%s' for the selected algorithms and paths "
                            "(usable here: %s, all)",
                            name, usable);
            } else if (opt->nbackends == TB_MAX_BACKEND_NAMES) {
                return fail(err, errlen, "too many backend names (at most %d)",
                            TB_MAX_BACKEND_NAMES);
            } else {
                memcpy(opt->backends[opt->nbackends++], name, len + 1);
            }
            if (end == NULL)
                break;
            p = end + 1;
        }
    }
    if (all_backends)
        opt->nbackends = 0;
    return 0;
}

tb_parse_result tb_parse_options(int argc, char **argv, tb_options *opt, int have_openssl,
                                 char *err, size_t errlen)
{
    tb_default_options(opt);
    options_seen seen;
    memset(&seen, 0, sizeof seen);

    // From the start of argv each time: the tests parse many command lines.
    optind = 0;
    opterr = 0;
    for (;;) {
        // The option as it was written, for the messages ("-a", "--path=x").
        const char *spelled = optind > 0 && optind < argc ? argv[optind] : argv[argc > 1];
        const int c = getopt_long(argc, argv, short_options, long_options, NULL);
        if (c == -1)
            break;
        if (c == ':') {
            fail(err, errlen, "option '%s' needs a value", argv[optind - 1]);
            return TB_PARSE_ERROR;
        }
        if (c == '?') {
            fail(err, errlen, "unknown option '%s' (or ambiguous, or given a value it does "
                              "not take; try --help)", argv[optind - 1]);
            return TB_PARSE_ERROR;
        }
        const tb_parse_result r = parse_option(c, optarg, spelled, opt, &seen, err, errlen);
        if (r != TB_PARSE_RUN)
            return r;
    }
    if (optind < argc) {
        fail(err, errlen, "unexpected argument '%s' (tdbench takes options only)", argv[optind]);
        return TB_PARSE_ERROR;
    }

    if (seen.algs != 0)
        opt->algs = seen.algs;
    if (set_workload(opt, seen.workload_option, seen.algs_option, seen.chunk_set,
                     seen.iterations_set, err, errlen) != 0)
        return TB_PARSE_ERROR;
    if (opt->quick) {
        if (!seen.rounds_set)
            opt->rounds = 3;
        if (!seen.round_ms_set)
            opt->round_ms = 10.0;
    }
    if (!have_openssl)
        opt->openssl = 0;
    return add_backend_names(opt, &seen, have_openssl, err, errlen) != 0 ? TB_PARSE_ERROR
                                                                          : TB_PARSE_RUN;
}
