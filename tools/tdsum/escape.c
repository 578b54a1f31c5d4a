/* SPDX-License-Identifier: Apache-2.0
 * File names in tdsum's output: coreutils' backslash escaping on stdout, its
 * reverse for check files, and shell-style quoting in messages on stderr.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tdsum.h"

bool ts_name_needs_escape(const char *name)
{
    return name[strcspn(name, "\\\n\r")] != '\0';
}

void ts_put_name(ts_line *line, const char *name, bool escape)
{
    if (!escape) {
        ts_line_adds(line, name);
        return;
    }
    for (const char *p = name; *p; p++) {
        switch (*p) {
        case '\\': ts_line_adds(line, "\\\\"); break;
        case '\n': ts_line_adds(line, "\\n"); break;
        case '\r': ts_line_adds(line, "\\r"); break;
        default: ts_line_addc(line, *p); break;
        }
    }
}

bool ts_unescape_name(char *s, size_t len)
{
    size_t w = 0;
    for (size_t r = 0; r < len; r++) {
        char c = s[r];
        if (c == '\0')
            return false;
        if (c == '\\') {
            if (r + 1 == len)
                return false;
            switch (s[++r]) {
            case '\\': c = '\\'; break;
            case 'n':  c = '\n'; break;
            case 'r':  c = '\r'; break;
            default:   return false;
            }
        }
        s[w++] = c;
    }
    s[w] = '\0';
    return true;
}

// ------------------------------------------------------ quoting for stderr

enum { QUOTE_SLOTS = 4, QUOTE_CAP = 4096 };

static bool shell_safe(unsigned char c, bool first)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    if (strchr("_-./+,%@=^", c) != NULL && c != '\0')
        return true;
    return !first && (c == '~' || c == '#');
}

// Bytes a terminal would show as themselves: printable ASCII, and bytes of
// UTF-8 sequences (checked loosely: a lead byte followed by continuations).
static size_t printable_run(const unsigned char *s)
{
    if (s[0] >= 0x20 && s[0] < 0x7f)
        return 1;
    size_t need = s[0] >= 0xf0 && s[0] < 0xf5 ? 3
                : s[0] >= 0xe0 && s[0] < 0xf0 ? 2
                : s[0] >= 0xc2 && s[0] < 0xe0 ? 1 : 0;
    if (need == 0)
        return 0;
    for (size_t i = 1; i <= need; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return need + 1;
}

typedef struct qbuf { char *p; size_t n; bool cut; } qbuf;

static void qput(qbuf *b, const char *s, size_t len)
{
    if (b->n + len + 4 >= QUOTE_CAP) {
        b->cut = true;
        return;
    }
    memcpy(b->p + b->n, s, len);
    b->n += len;
}

const char *ts_quote(const char *name)
{
    static char slots[QUOTE_SLOTS][QUOTE_CAP];
    static unsigned next;
    qbuf b = { slots[next++ % QUOTE_SLOTS], 0, false };
    const unsigned char *s = (const unsigned char *)name;

    bool safe = s[0] != '\0';
    for (size_t i = 0; s[i] && safe; i++)
        safe = shell_safe(s[i], i == 0);
    if (safe) {
        qput(&b, name, strlen(name));
    } else {
        // Printable runs go in '...'; a quote as \' between runs; anything
        // else as $'\n' or $'\ooo', the way coreutils' quotef writes them.
        bool open = false;
        for (size_t i = 0; s[i] && !b.cut;) {
            size_t run = printable_run(s + i);
            if (run > 0 && s[i] != '\'') {
                if (!open)
                    qput(&b, "'", 1);
                open = true;
                qput(&b, (const char *)s + i, run);
                i += run;
                continue;
            }
            if (open)
                qput(&b, "'", 1);
            open = false;
            if (s[i] == '\'') {
                qput(&b, "\\'", 2);
            } else {
                char esc[8];
                const char *e = s[i] == '\n' ? "\\n" : s[i] == '\r' ? "\\r"
                              : s[i] == '\t' ? "\\t" : NULL;
                if (e == NULL) {
                    snprintf(esc, sizeof esc, "\\%03o", s[i]);
                    e = esc;
                }
                qput(&b, "$'", 2);
                qput(&b, e, strlen(e));
                qput(&b, "'", 1);
            }
            i++;
        }
        if (open)
            qput(&b, "'", 1);
        if (b.n == 0)
            qput(&b, "''", 2);
    }
    if (b.cut) {
        memcpy(b.p + b.n, "...", 3);
        b.n += 3;
    }
    b.p[b.n] = '\0';
    return b.p;
}
