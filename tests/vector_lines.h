/* SPDX-License-Identifier: Apache-2.0
 * The lines of a vector file (NIST CAVP's .rsp, the RFC test files under
 * tests/vectors): blank lines and '#' comments skipped, spaces, tabs and a
 * CR trimmed, each other line split at its first '='. Shared by test_kat's
 * and mac_vectors.h's parsers, which decide what each key means. Include
 * after testutil.h.
 */
#ifndef TD_VECTOR_LINES_H
#define TD_VECTOR_LINES_H

#include "testutil.h"

typedef struct vl_reader {
    const char *path;
    char       *text;   // the whole file, cut into lines as they are read
    char       *next;
    long        lineno;
} vl_reader;

static inline char *vl_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

// Reads the file at path; 0 after reporting a failure if it cannot.
static inline int vl_open(vl_reader *r, const char *path)
{
    r->path = path;
    r->text = tu_read_file(path, NULL);
    r->next = r->text;
    r->lineno = 0;
    return TU_CHECK(r->text != NULL, "cannot read %s", path);
}

// The next line that says something: 1 with *key and *val trimmed ("Len",
// "8"), or with *val NULL and *key the whole line where it has no '='
// ("[L = 32]"); 0 at the end of the file.
static inline int vl_next(vl_reader *r, char **key, char **val)
{
    while (r->next != NULL) {
        char *line = r->next;
        r->next = strchr(line, '\n');
        if (r->next != NULL)
            *r->next++ = '\0';
        r->lineno++;
        char *l = vl_trim(line);
        if (*l == '\0' || *l == '#')
            continue;
        char *eq = strchr(l, '=');
        if (eq == NULL || *l == '[') {
            *key = l;
            *val = NULL;
            return 1;
        }
        *eq = '\0';
        *key = vl_trim(l);
        *val = vl_trim(eq + 1);
        return 1;
    }
    return 0;
}

static inline void vl_close(vl_reader *r)
{
    free(r->text);
    r->text = r->next = NULL;
}

#endif // TD_VECTOR_LINES_H
