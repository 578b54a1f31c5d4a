/* SPDX-License-Identifier: Apache-2.0
 * tdsum's command line: coreutils' md5sum options with their conflicts and
 * messages in the same order, plus -a, -j, --backend, --list-backends,
 * --selftest and --hmac-key-file. --help and --version are tdsum's own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform.h"
#include "tdsum.h"

enum {
    OPT_IGNORE_MISSING = 256,
    OPT_QUIET,
    OPT_STATUS,
    OPT_STRICT,
    OPT_TAG,
    OPT_HELP,
    OPT_VERSION,
    OPT_BACKEND,
    OPT_LIST_BACKENDS,
    OPT_SELFTEST,
    OPT_HMAC_KEY_FILE,
};

static const struct option long_options[] = {
    { "binary",         no_argument,       NULL, 'b' },
    { "check",          no_argument,       NULL, 'c' },
    { "ignore-missing", no_argument,       NULL, OPT_IGNORE_MISSING },
    { "quiet",          no_argument,       NULL, OPT_QUIET },
    { "status",         no_argument,       NULL, OPT_STATUS },
    { "text",           no_argument,       NULL, 't' },
    { "warn",           no_argument,       NULL, 'w' },
    { "strict",         no_argument,       NULL, OPT_STRICT },
    { "tag",            no_argument,       NULL, OPT_TAG },
    { "zero",           no_argument,       NULL, 'z' },
    { "help",           no_argument,       NULL, OPT_HELP },
    { "version",        no_argument,       NULL, OPT_VERSION },
    // Ours, after coreutils' (see coreutils_abbrev for abbreviations).
    { "algorithm",      required_argument, NULL, 'a' },
    { "jobs",           required_argument, NULL, 'j' },
    { "backend",        required_argument, NULL, OPT_BACKEND },
    { "list-backends",  no_argument,       NULL, OPT_LIST_BACKENDS },
    { "selftest",       no_argument,       NULL, OPT_SELFTEST },
    { "hmac-key-file",  required_argument, NULL, OPT_HMAC_KEY_FILE },
    { NULL, 0, NULL, 0 }
};
enum { N_COREUTILS_OPTIONS = 12 };
static const char short_options[] = "a:bcj:twz";

static const struct { const char *suffix; td_alg alg; const char *tag; } programs[] = {
    { "md5sum",    TD_MD5,    "MD5" },
    { "sha1sum",   TD_SHA1,   "SHA1" },
    { "sha224sum", TD_SHA224, "SHA224" },
    { "sha256sum", TD_SHA256, "SHA256" },
    { "sha384sum", TD_SHA384, "SHA384" },
    { "sha512sum", TD_SHA512, "SHA512" },
};

// The rest, in the words of GNU cksum where it has them (coreutils 9.8:
// "cksum -a sha3 -l 256 --tag" prints "SHA3-256 (FILE) = HEX").
static const struct { td_alg alg; const char *tag; } more_tags[] = {
    { TD_SHA512_224, "SHA512-224" },
    { TD_SHA512_256, "SHA512-256" },
    { TD_SHA3_224,   "SHA3-224" },
    { TD_SHA3_256,   "SHA3-256" },
    { TD_SHA3_384,   "SHA3-384" },
    { TD_SHA3_512,   "SHA3-512" },
};

td_alg ts_alg_for_program(const char *argv0)
{
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++)
        if (ts_program_is(argv0, programs[i].suffix))
            return programs[i].alg;
    return TD_SHA256;
}

const char *ts_tag_name(td_alg alg)
{
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++)
        if (programs[i].alg == alg)
            return programs[i].tag;
    for (size_t i = 0; i < sizeof more_tags / sizeof more_tags[0]; i++)
        if (more_tags[i].alg == alg)
            return more_tags[i].tag;
    return "?";
}

static void try_help(void)
{
    fprintf(stderr, "Try '%s --help' for more information.\n", ts_program);
}

// -b and -t. On Windows binary is the default, and -t marks a line as text
// but hashes the same bytes (only a console is read in text mode).
#if defined(_WIN32)
#define HELP_BINARY "  -b, --binary          read in binary mode (default unless reading a console)\n"
#define HELP_TEXT   "  -t, --text            mark lines as text (' '); files and pipes are still\n" \
                    "                          read in binary mode, as in Git for Windows\n"
#else
#define HELP_BINARY "  -b, --binary          read in binary mode (marked '*' in the output)\n"
#define HELP_TEXT   "  -t, --text            read in text mode (default)\n"
#endif

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n", ts_program);
    fputs(
"Print or check checksums (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512,\n"
"SHA3-224, SHA3-256, SHA3-384, SHA3-512), hashing several files at once.\n"
"Output and exit status are those of GNU coreutils' md5sum, sha1sum,\n"
"sha224sum, sha256sum, sha384sum and sha512sum (SHA-3: of cksum -a sha3).\n"
"\n"
"With no FILE, or when FILE is -, read standard input.\n"
"\n"
"  -a, --algorithm=ALG   md5, sha1, sha224, sha256, sha384, sha512, sha512-224,\n"
"                          sha512-256, sha3-224, sha3-256, sha3-384 or\n"
"                          sha3-512 (not SHAKE: no fixed length); default\n"
"                          sha256, or the one the program is named after\n"
"                          (md5sum, sha1sum, ...)\n"
HELP_BINARY
"  -c, --check           read checksums from the FILEs and check them\n"
"      --tag             create a BSD-style checksum line\n"
HELP_TEXT
"  -z, --zero            end each output line with NUL, not newline,\n"
"                          and disable file name escaping\n"
"  -j, --jobs=N          run N jobs at once (default: online CPUs), each\n"
"                          hashing several files side by side; output\n"
"                          stays in the order of the arguments\n"
"      --backend=NAME    use this backend of the library, on each path that\n"
"                          has it (see --list-backends)\n"
"      --list-backends   print the CPU features and the backends usable here\n"
"      --selftest        run the library's known-answer tests and exit\n"
"      --hmac-key-file=FILE  print (or check) HMACs keyed with FILE's bytes\n"
"\n"
"The following five options are useful only when verifying checksums:\n"
"      --ignore-missing  don't fail or report status for missing files\n"
"      --quiet           don't print OK for each successfully verified file\n"
"      --status          don't output anything, status code shows success\n"
"      --strict          exit non-zero for improperly formatted checksum lines\n"
"  -w, --warn            warn about improperly formatted checksum lines\n"
"\n"
"      --help            display this help and exit\n"
"      --version         output version information and exit\n"
"\n"
"The sums are computed as described in RFC 1321 (MD5), FIPS 180-4 (SHA),\n"
"FIPS 202 (SHA-3) and RFC 2104 (HMAC). When checking, the input should be a\n"
"former output of this program or of coreutils. The default mode is to print\n"
"a line with: checksum, a space, a character indicating input mode ('*' for\n"
"binary, ' ' for text or where binary is insignificant), and name for each\n"
"FILE. With --tag, SHA-3 lines read 'SHA3-256 (FILE) = HEX', as GNU cksum's.\n",
        stdout);
}

static void version(void)
{
    printf("tdsum (turbodigest) %s\n", td_version());
    fputs("Copyright The turbodigest authors. Licensed under the Apache License 2.0.\n"
          "Command-line compatible with GNU coreutils' md5sum and sha*sum;\n"
          "not a part of GNU coreutils.\n", stdout);
}

// Our extra long options make some abbreviations ambiguous that are unique
// among coreutils' own ("--b" is --binary there, but also --backend here).
// Such an argument is taken to mean the coreutils option, like in md5sum.
static const char *coreutils_abbrev(const char *arg)
{
    const char *body = arg + 2;
    size_t len = strcspn(body, "=");
    const char *match = NULL;
    int ours = 0;
    if (len == 0)
        return NULL;
    for (int i = 0; long_options[i].name; i++) {
        const char *n = long_options[i].name;
        if (strlen(n) == len && strncmp(n, body, len) == 0)
            return NULL;                            // exact: getopt's job
        if (strncmp(n, body, len) != 0)
            continue;
        if (i < N_COREUTILS_OPTIONS) {
            if (match)
                return NULL;                        // ambiguous in coreutils too
            match = n;
        } else {
            ours++;
        }
    }
    return match && ours ? match : NULL;
}

static bool takes_argument(const char *arg, bool *next_is_value)
{
    *next_is_value = false;
    if (arg[0] != '-' || arg[1] == '\0')
        return false;
    if (arg[1] != '-') {
        // A cluster like -bj: the value follows in the next argument when
        // the option taking it is the last letter.
        for (const char *p = arg + 1; *p; p++) {
            if (*p == 'a' || *p == 'j') {
                *next_is_value = p[1] == '\0';
                break;
            }
        }
        return true;
    }
    if (strchr(arg, '=') != NULL)
        return true;
    size_t len = strlen(arg + 2);
    for (int i = N_COREUTILS_OPTIONS; long_options[i].name; i++)
        if (long_options[i].has_arg == required_argument
            // A prefix: strncmp stops at the end of the shorter string.
            // NOLINTNEXTLINE(bugprone-not-null-terminated-result)
            && strncmp(long_options[i].name, arg + 2, len) == 0)
            *next_is_value = true;
    return true;
}

// A copy of argv with coreutils' abbreviations spelled out; the strings are
// argv's or static, so nothing needs freeing but the array.
static char **expand_abbreviations(int argc, char **argv)
{
    char **out = malloc(((size_t)argc + 1) * sizeof *out);
    if (out == NULL)
        return NULL;
    static char spelled[64][20];
    size_t nspelled = 0;
    bool skip = false;
    bool done = false;
    bool posix = getenv("POSIXLY_CORRECT") != NULL;
    for (int i = 0; i <= argc; i++) {
        out[i] = argv[i];
        if (i == 0 || i == argc || done)
            continue;
        if (skip) {
            skip = false;
            continue;
        }
        if (strcmp(argv[i], "--") == 0) {
            done = true;
            continue;
        }
        if ((argv[i][0] != '-' || argv[i][1] == '\0') && posix) {
            done = true;                // getopt stops at the first operand
            continue;
        }
        if (strncmp(argv[i], "--", 2) == 0 && !strchr(argv[i], '=')) {
            const char *full = coreutils_abbrev(argv[i]);
            if (full && nspelled < sizeof spelled / sizeof spelled[0]) {
                snprintf(spelled[nspelled], sizeof spelled[0], "--%s", full);
                out[i] = spelled[nspelled++];
                continue;
            }
        }
        takes_argument(argv[i], &skip);
    }
    return out;
}

void ts_free_options(ts_options *opt)
{
    if (opt->files_allocated)
        free(opt->files);
    opt->files = NULL;
    opt->nfiles = 0;
}

ts_parse_result ts_parse_options(int argc, char **argv, ts_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->alg = ts_alg_for_program(argv[0]);
    opt->binary = -1;
    opt->delim = '\n';
    long ncpu = ts_online_cpus();
    opt->jobs = ncpu > 0 ? (unsigned)(ncpu < 256 ? ncpu : 256) : 1;

    char **args = expand_abbreviations(argc, argv);
    if (args == NULL) {
        ts_error(errno, "memory exhausted");
        return TS_PARSE_EXIT_FAIL;
    }
    int c;
    while ((c = getopt_long(argc, args, short_options, long_options, NULL)) != -1) {
        switch (c) {
        case 'a':
            // SHAKE has a name but no fixed digest size: not a checksum here.
            if (td_alg_from_name(optarg, &opt->alg) != TD_OK
                || td_digest_size(opt->alg) == 0) {
                ts_error(0, "unknown algorithm '%s' (md5, sha1, sha224, sha256, "
                         "sha384, sha512, sha512-224, sha512-256, sha3-224, "
                         "sha3-256, sha3-384, sha3-512)", optarg);
                goto fail;
            }
            break;
        case 'b': opt->binary = 1; break;
        case 't': opt->binary = 0; break;
        case 'c': opt->check = true; break;
        case 'z': opt->delim = '\0'; break;
        case OPT_TAG: opt->tag = true; opt->binary = 1; break;
        case OPT_IGNORE_MISSING: opt->ignore_missing = true; break;
        case OPT_STRICT: opt->strict = true; break;
        // --status, --warn and --quiet cancel each other: the last one counts.
        case OPT_STATUS: opt->status = true;  opt->warn = false; opt->quiet = false; break;
        case 'w':        opt->status = false; opt->warn = true;  opt->quiet = false; break;
        case OPT_QUIET:  opt->status = false; opt->warn = false; opt->quiet = true;  break;
        case 'j': {
            char *end;
            errno = 0;
            unsigned long n = strtoul(optarg, &end, 10);
            if (errno || end == optarg || *end || n < 1 || n > 1024 || optarg[0] == '-') {
                ts_error(0, "invalid number of jobs: '%s' (1 to 1024)", optarg);
                goto fail;
            }
            opt->jobs = (unsigned)n;
            break;
        }
        case OPT_BACKEND: opt->backend = optarg; break;
        case OPT_LIST_BACKENDS: opt->list_backends = true; break;
        case OPT_SELFTEST: opt->selftest = true; break;
        case OPT_HMAC_KEY_FILE: opt->hmac_key_file = optarg; break;
        case OPT_HELP:
            usage();
            free(args);
            return TS_PARSE_EXIT_OK;
        case OPT_VERSION:
            version();
            free(args);
            return TS_PARSE_EXIT_OK;
        default:
            try_help();
            free(args);
            return TS_PARSE_EXIT_FAIL;
        }
    }

    // The same checks as coreutils, in the same order.
    const char *bad = NULL;
    if (opt->tag && opt->binary == 0)
        bad = "--tag does not support --text mode";
    else if (opt->delim != '\n' && opt->check)
        bad = "the --zero option is not supported when verifying checksums";
    else if (opt->tag && opt->check)
        bad = "the --tag option is meaningless when verifying checksums";
    else if (opt->binary >= 0 && opt->check)
        bad = "the --binary and --text options are meaningless when verifying checksums";
    else if (opt->ignore_missing && !opt->check)
        bad = "the --ignore-missing option is meaningful only when verifying checksums";
    else if (opt->status && !opt->check)
        bad = "the --status option is meaningful only when verifying checksums";
    else if (opt->warn && !opt->check)
        bad = "the --warn option is meaningful only when verifying checksums";
    else if (opt->quiet && !opt->check)
        bad = "the --quiet option is meaningful only when verifying checksums";
    else if (opt->strict && !opt->check)
        bad = "the --strict option is meaningful only when verifying checksums";
    if (bad) {
        ts_error(0, "%s", bad);
        goto fail;
    }
    if (opt->binary < 0)
        opt->binary = TS_BINARY_DEFAULT;    // platform.h

    static char *stdin_name[] = { (char *)"-" };
    if (optind < argc) {
        // Operands are argv's strings; getopt permuted args, not argv, so
        // take them from the copy.
        opt->nfiles = (size_t)(argc - optind);
        opt->files = malloc(opt->nfiles * sizeof *opt->files);
        if (opt->files == NULL) {
            ts_error(errno, "memory exhausted");
            free(args);
            return TS_PARSE_EXIT_FAIL;
        }
        memcpy(opt->files, args + optind, opt->nfiles * sizeof *opt->files);
        opt->files_allocated = true;
    } else {
        opt->files = stdin_name;
        opt->nfiles = 1;
    }
    free(args);
    return TS_PARSE_RUN;

fail:
    try_help();
    free(args);
    return TS_PARSE_EXIT_FAIL;
}
