/* SPDX-License-Identifier: Apache-2.0
 * tdsum's check-file line parser (ts_split_check_line) on arbitrary bytes:
 * the input's first byte picks the algorithm, the rest is a check file, cut
 * into lines as tdsum --check cuts it (comment lines, the newline and a
 * carriage return before it, empty lines left out). Each line sits in an
 * allocation of its own size, so an over-read is seen. A line the parser
 * takes must give a hex string of exactly the digest's length and a name
 * inside the line; written again in the GNU form ("hex  name") and in the
 * BSD form ("TAG (name) = hex"), escaped as coreutils escapes names, it must
 * parse back to the same hex and name.
 */
#include "fuzz.h"

#include <stdbool.h>

#include "tdsum.h"

enum { MAX_KEPT = 32 };

// tdsum.c holds these beside main(); the parser does not print.
const char *ts_program = "tdsum";

void ts_error(int errnum, const char *fmt, ...)
{
    (void)errnum;
    (void)fmt;
}

static bool needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

// Appends name to out at *at, escaped as coreutils does when escape is set.
static void put_name(char *out, size_t *at, const char *name, bool escape)
{
    for (const char *p = name; *p; p++) {
        if (escape && (*p == '\\' || *p == '\n' || *p == '\r')) {
            out[(*at)++] = '\\';
            out[(*at)++] = *p == '\\' ? '\\' : *p == '\n' ? 'n' : 'r';
        } else {
            out[(*at)++] = *p;
        }
    }
}

// A line in a buffer of exactly len + 1 bytes, parsed with fresh state.
static bool parse_copy(const char *text, size_t len, td_alg alg, bool first, char **block,
                       char **hex, char **name)
{
    *block = (char *)malloc(len + 1);
    FZ_CHECK(*block != NULL, "malloc");
    memcpy(*block, text, len);
    (*block)[len] = '\0';
    return ts_split_check_line(*block, len, alg, first, hex, name);
}

// The hex and name a line gave, written again and parsed back.
static void round_trip(td_alg alg, const char *hex, const char *name, int form)
{
    const size_t hex_len = 2 * td_digest_size(alg), name_len = strlen(name);
    const bool escape = needs_escape(name);
    const char *tag = ts_tag_name(alg);
    char *line = (char *)malloc(strlen(tag) + hex_len + 2 * name_len + 16);
    FZ_CHECK(line != NULL, "malloc");
    size_t at = 0;
    if (escape)
        line[at++] = '\\';
    if (form == 0) {
        memcpy(line + at, hex, hex_len);
        at += hex_len;
        line[at++] = ' ';
        line[at++] = name_len % 2 ? '*' : ' '; // binary or text mark
        put_name(line, &at, name, escape);
    } else {
        memcpy(line + at, tag, strlen(tag));
        at += strlen(tag);
        memcpy(line + at, " (", 2);
        at += 2;
        put_name(line, &at, name, escape);
        memcpy(line + at, ") = ", 4);
        at += 4;
        memcpy(line + at, hex, hex_len);
        at += hex_len;
    }
    char *block, *hex2 = NULL, *name2 = NULL;
    const bool ok = parse_copy(line, at, alg, true, &block, &hex2, &name2);
    FZ_CHECK(ok, "%s form of a parsed line not taken back: \"%.*s\"", form ? "BSD" : "GNU", (int)at,
             line);
    FZ_CHECK(memcmp(hex2, hex, hex_len) == 0 && hex2[hex_len] == '\0', "hex changed in the %s form",
             form ? "BSD" : "GNU");
    FZ_CHECK(strcmp(name2, name) == 0, "name \"%s\" came back as \"%s\" from the %s form", name, name2,
             form ? "BSD" : "GNU");
    free(block);
    free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const td_alg alg = (td_alg)(fz_u8(&in) % TD_ALG_COUNT);
    const size_t hex_len = 2 * td_digest_size(alg);
    size_t len;
    const char *text = (const char *)fz_take(&in, in.n, &len);
    fz_what = td_alg_name(alg);

    char *kept_hex[MAX_KEPT], *kept_name[MAX_KEPT];
    size_t kept = 0;
    bool first = true;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        const size_t end = nl ? (size_t)(nl - text) : len;
        size_t n = end - at;
        const char *line = text + at;
        at = nl ? end + 1 : len;
        if (line[0] == '#')
            continue;
        if (n > 0 && line[n - 1] == '\r')
            n--;
        if (n == 0)
            continue;

        char *block, *hex = NULL, *name = NULL;
        const bool ok = parse_copy(line, n, alg, first, &block, &hex, &name);
        first = false;
        if (ok) {
            FZ_CHECK(hex != NULL && hex >= block && hex + hex_len <= block + n,
                     "hex outside the line");
            FZ_CHECK(strlen(hex) == hex_len && strspn(hex, "0123456789abcdefABCDEF") == hex_len,
                     "hex \"%s\" is not %zu hex digits", hex, hex_len);
            FZ_CHECK(name != NULL && name >= block && name <= block + n, "name outside the line");
            FZ_CHECK(name + strlen(name) <= block + n, "name runs past the line");
            if (kept < MAX_KEPT) {
                kept_hex[kept] = strdup(hex);
                kept_name[kept] = strdup(name);
                FZ_CHECK(kept_hex[kept] && kept_name[kept], "strdup");
                kept++;
            }
        }
        free(block);
    }
    // After the whole file: each written form resets the parser's state.
    for (size_t i = 0; i < kept; i++) {
        if (kept_name[i][0] != '\0')
            round_trip(alg, kept_hex[i], kept_name[i], 0);
        round_trip(alg, kept_hex[i], kept_name[i], 1);
        free(kept_hex[i]);
        free(kept_name[i]);
    }
    return 0;
}
