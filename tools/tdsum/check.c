/* SPDX-License-Identifier: Apache-2.0
 * --check: parsing check-file lines (GNU, BSD --tag and "reversed BSD"
 * forms) the way coreutils 9.1 does, and reporting in its words.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "tdsum.h"

// What a line in the pool carries: its number for -w, and the expected hex.
typedef struct check_line {
    unsigned long long number;
    char hex[2 * TD_MAX_DIGEST_SIZE + 1];
} check_line;

typedef struct check_file {
    const ts_options *opt;
    const char *display;            // the check file's name, or "standard input"
    bool is_stdin;
    size_t hex_len;
    unsigned long long misformatted, mismatched, unreadable;
    bool properly_formatted;
    bool matched;
    ts_line out;                    // the report line being built
} check_file;

// coreutils keeps this for the whole run: once a line in GNU form ("hex  name")
// was seen, lines of the reversed BSD form ("hex name") are misformatted, and
// once a reversed one was seen, GNU type characters belong to the name.
static int bsd_reversed = -1;

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

// n hex digits followed by the end of the string.
static bool hex_exactly(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isxdigit((unsigned char)s[i]))
            return false;
    return s[n] == '\0';
}

// "TAG (name) = hex", s pointing after the '('. The name ends at the last ')'.
static bool split_bsd(char *s, size_t len, size_t hex_len, bool escaped,
                      char **hex, char **name)
{
    if (len == 0)
        return false;
    size_t i = len - 1;
    while (i > 0 && s[i] != ')')
        i--;
    if (s[i] != ')')
        return false;
    *name = s;
    if (escaped && !ts_unescape_name(s, i))
        return false;
    s[i++] = '\0';
    while (is_blank(s[i]))
        i++;
    if (s[i] != '=')
        return false;
    i++;
    while (is_blank(s[i]))
        i++;
    *hex = s + i;
    return hex_exactly(s + i, hex_len);
}

// Splits a line (s[len] == '\0', NULs possible inside) into the expected hex
// and the file name, in place. False when it is improperly formatted.
static bool split_line(char *s, size_t len, td_alg alg, size_t hex_len,
                       char **hex, char **name)
{
    size_t i = 0;
    while (is_blank(s[i]))
        i++;
    bool escaped = false;
    if (s[i] == '\\') {
        escaped = true;
        i++;
    }

    const char *tag = ts_tag_name(alg);
    size_t tag_len = strlen(tag);
    if (strncmp(s + i, tag, tag_len) == 0) {
        i += tag_len;
        if (s[i] == ' ')
            i++;
        if (s[i] != '(')
            return false;
        i++;
        return split_bsd(s + i, len - i, hex_len, escaped, hex, name);
    }

    // The shortest GNU line is the hex, a blank and a one-character name.
    if (len - i < hex_len + 2 + (s[i] == '\\'))
        return false;
    *hex = s + i;
    i += hex_len;
    if (!is_blank(s[i]))
        return false;
    s[i++] = '\0';
    if (!hex_exactly(*hex, hex_len))
        return false;

    if (len - i == 1 || (s[i] != ' ' && s[i] != '*')) {
        if (bsd_reversed == 0)
            return false;
        bsd_reversed = 1;
    } else if (bsd_reversed != 1) {
        bsd_reversed = 0;
        i++;                        // the type character: ' ' text, '*' binary
    }
    *name = s + i;                  // all the rest, blanks included
    return escaped ? ts_unescape_name(s + i, len - i) : true;
}

static bool hex_matches(const char *expected, const uint8_t *digest, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        if (tolower((unsigned char)expected[2 * i]) != digits[digest[i] >> 4]
            || tolower((unsigned char)expected[2 * i + 1]) != digits[digest[i] & 15])
            return false;
    }
    return true;
}

// "name: verdict\n" in one write. coreutils 9.1 escapes names in check
// output only when they hold a newline.
static void put_check_line(check_file *cf, const char *name, const char *verdict)
{
    bool escape = strchr(name, '\n') != NULL;
    if (escape)
        ts_line_addc(&cf->out, '\\');
    ts_put_name(&cf->out, name, escape);
    ts_line_adds(&cf->out, verdict);
    ts_line_write(&cf->out, stdout);
}

static void report(check_file *cf, ts_item *it)
{
    const ts_options *opt = cf->opt;
    check_line *cl = it->user;
    if (it->name == NULL) {
        ts_error(0, "%s: %llu: improperly formatted %s checksum line",
                 ts_quote(cf->display), cl->number, ts_tag_name(opt->alg));
    } else if (it->result.status == TS_MISSING) {
        // --ignore-missing: as if the line were not there.
    } else if (it->result.status == TS_FAILED) {
        ts_error(it->result.err, "%s", ts_quote(it->name));
        cf->unreadable++;
        if (!opt->status)
            put_check_line(cf, it->name, ": FAILED open or read\n");
    } else {
        bool same = hex_matches(cl->hex, it->result.digest, cf->hex_len / 2);
        if (same)
            cf->matched = true;
        else
            cf->mismatched++;
        if (!opt->status && (!same || !opt->quiet))
            put_check_line(cf, it->name, same ? ": OK\n" : ": FAILED\n");
    }
    if (it->owned)
        free(it->name);
    free(cl);
}

static void drain(check_file *cf, ts_pool *pool, bool all)
{
    ts_item it;
    while ((all || ts_pool_full(pool)) && ts_pool_next(pool, &it))
        report(cf, &it);
}

static bool check_one(const ts_options *opt, ts_pool *pool, const char *path)
{
    check_file cf = {
        .opt = opt,
        .display = path,
        .hex_len = 2 * td_digest_size(opt->alg),
    };
    FILE *in;
    if (strcmp(path, "-") == 0) {
        cf.is_stdin = true;
        cf.display = "standard input";
        in = stdin;
    } else {
        in = ts_open_check_file(path);
        if (in == NULL) {
            ts_error(errno, "%s", ts_quote(path));
            return false;
        }
    }

    char *line = NULL;
    size_t cap = 0;
    unsigned long long number = 0;
    bool out_of_memory = false;
    for (;;) {
        ssize_t got = ts_getline(&line, &cap, in);
        if (got <= 0)
            break;
        number++;
        size_t len = (size_t)got;
        if (line[0] == '#')
            continue;
        if (line[len - 1] == '\n')
            len--;
        if (len > 0 && line[len - 1] == '\r')
            len--;
        if (len == 0)
            continue;
        line[len] = '\0';

        char *hex = NULL, *name = NULL;
        bool good = split_line(line, len, opt->alg, cf.hex_len, &hex, &name)
                    && !(cf.is_stdin && strcmp(name, "-") == 0);
        if (!good) {
            cf.misformatted++;
            if (!opt->warn)
                continue;
        } else {
            cf.properly_formatted = true;
        }

        check_line *cl = malloc(sizeof *cl);
        char *copy = good ? strdup(name) : NULL;
        if (cl == NULL || (good && copy == NULL)) {
            free(cl);
            free(copy);
            out_of_memory = true;
            break;
        }
        cl->number = number;
        if (good)
            memcpy(cl->hex, hex, cf.hex_len + 1);
        drain(&cf, pool, false);
        ts_pool_submit(pool, copy, true, cl);
    }
    bool read_failed = ferror(in) != 0;
    int read_errno = errno;
    free(line);
    drain(&cf, pool, true);
    ts_line_free(&cf.out);

    if (cf.is_stdin)
        clearerr(in);
    else if (fclose(in) != 0 && !read_failed) {
        read_failed = true;
        read_errno = errno;
    }
    if (out_of_memory) {
        ts_error(ENOMEM, "%s", ts_quote(cf.display));
        return false;
    }
    if (read_failed) {
        ts_error(read_errno, "%s: read error", ts_quote(cf.display));
        return false;
    }

    if (!cf.properly_formatted) {
        ts_error(0, "%s: no properly formatted checksum lines found", ts_quote(cf.display));
    } else if (!opt->status) {
        if (cf.misformatted)
            ts_error(0, "WARNING: %llu line%s improperly formatted", cf.misformatted,
                     cf.misformatted == 1 ? " is" : "s are");
        if (cf.unreadable)
            ts_error(0, "WARNING: %llu listed file%s could not be read", cf.unreadable,
                     cf.unreadable == 1 ? "" : "s");
        if (cf.mismatched)
            ts_error(0, "WARNING: %llu computed checksum%s did NOT match", cf.mismatched,
                     cf.mismatched == 1 ? "" : "s");
        if (opt->ignore_missing && !cf.matched)
            ts_error(0, "%s: no file was verified", ts_quote(cf.display));
    }
    return cf.properly_formatted && cf.matched && cf.mismatched == 0
           && cf.unreadable == 0 && (!opt->strict || cf.misformatted == 0);
}

bool ts_check(const ts_options *opt, const ts_hasher *hasher)
{
    ts_pool *pool = ts_pool_new(opt->jobs, hasher, opt->ignore_missing);
    if (pool == NULL) {
        ts_error(ENOMEM, "cannot start");
        return false;
    }
    // Standard input, as a check file or as data ("-" on a line), is read
    // as it comes (on Windows: in binary mode unless it is a console).
    (void)ts_stdin_mode(-1);
    bool ok = true;
    for (size_t i = 0; i < opt->nfiles; i++)
        ok &= check_one(opt, pool, opt->files[i]);
    ts_pool_free(pool);
    return ok;
}

bool ts_split_check_line(char *line, size_t len, td_alg alg, bool first, char **hex, char **name)
{
    if (first)
        bsd_reversed = -1;
    return split_line(line, len, alg, 2 * td_digest_size(alg), hex, name);
}
