/* SPDX-License-Identifier: Apache-2.0
 * tdsum's system layer on Windows (platform.h), over the msvcrt C runtime of
 * MinGW-w64: files and piped standard input read in binary mode, lines ended
 * by '\n' alone, names in UTF-8, as coreutils' md5sum family has them in Git
 * for Windows and MSYS2.
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <limits.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "platform.h"

void ts_platform_init(void)
{
    // msvcrt would write "\r\n"; coreutils writes '\n', so that a check
    // file made here checks anywhere.
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
}

bool ts_program_is(const char *argv0, const char *name)
{
    size_t len = strlen(argv0), nl = strlen(name);
    if (len >= 4 && _stricmp(argv0 + len - 4, ".exe") == 0)
        len -= 4;
    return len >= nl && _strnicmp(argv0 + len - nl, name, nl) == 0;
}

long ts_online_cpus(void)
{
    return (long)GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
}

// UTF-8 to UTF-16 for the wide file functions; NULL when s is not UTF-8
// (a name from a check file can be any bytes) or memory is short.
static wchar_t *widen(const char *s)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, NULL, 0);
    if (n <= 0)
        return NULL;
    wchar_t *w = malloc((size_t)n * sizeof *w);
    if (w != NULL && MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, n) != n) {
        free(w);
        w = NULL;
    }
    return w;
}

// msvcrt refuses to open a directory with EACCES; coreutils reports EISDIR.
static void directory_errno(const wchar_t *w)
{
    struct _stat64 st;
    int e = errno;
    if (e == EACCES && w != NULL && _wstat64(w, &st) == 0 && (st.st_mode & _S_IFDIR))
        e = EISDIR;
    errno = e;
}

int ts_open_file(const char *name)
{
    const int flags = _O_RDONLY | _O_BINARY | _O_NOINHERIT | _O_SEQUENTIAL;
    wchar_t *w = widen(name);
    // Not UTF-8: the bytes as they are, in the ANSI code page.
    int fd = w != NULL ? _wopen(w, flags) : _open(name, flags);
    if (fd < 0)
        directory_errno(w);
    int e = errno;
    free(w);
    errno = e;
    return fd;
}

FILE *ts_open_check_file(const char *name)
{
    wchar_t *w = widen(name);
    FILE *f = w != NULL ? _wfopen(w, L"rbN") : fopen(name, "rbN");
    if (f == NULL)
        directory_errno(w);
    int e = errno;
    free(w);
    errno = e;
    return f;
}

bool ts_stdin_mode(int binary)
{
    // A console is read in text mode unless -b says otherwise (^Z then ends
    // what is typed); pipes and files always in binary mode, since msvcrt's
    // default text mode would change the bytes hashed.
    DWORD mode;
    bool console = GetConsoleMode(GetStdHandle(STD_INPUT_HANDLE), &mode) != 0;
    if (binary > 0 || !console)
        _setmode(_fileno(stdin), _O_BINARY);
    return binary < 0 ? !console : binary > 0;
}

ssize_t ts_read(int fd, void *buf, size_t len)
{
    return _read(fd, buf, len < INT_MAX ? (unsigned)len : (unsigned)INT_MAX);
}

ssize_t ts_write(int fd, const void *buf, size_t len)
{
    return _write(fd, buf, len < INT_MAX ? (unsigned)len : (unsigned)INT_MAX);
}

void ts_advise_sequential(int fd)
{
    (void)fd; // _O_SEQUENTIAL at open time says it to Windows
}

ssize_t ts_getline(char **line, size_t *cap, FILE *in)
{
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF) {
        if (n + 2 > *cap) {
            size_t bigger = *cap ? *cap * 2 : 128;
            char *p = realloc(*line, bigger);
            if (p == NULL) {
                errno = ENOMEM;
                return -1;
            }
            *line = p;
            *cap = bigger;
        }
        (*line)[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (n == 0)
        return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

void *ts_aligned_alloc(size_t align, size_t size)
{
    return _aligned_malloc(size, align);
}

void ts_aligned_free(void *p)
{
    _aligned_free(p);
}

char **ts_utf8_argv(int argc, wchar_t **wargv)
{
    char **argv = calloc((size_t)argc + 1, sizeof *argv);
    for (int i = 0; argv != NULL && i < argc; i++) {
        int n = WideCharToMultiByte(CP_UTF8, 0, wargv[i], -1, NULL, 0, NULL, NULL);
        argv[i] = n > 0 ? malloc((size_t)n) : NULL;
        if (argv[i] == NULL
            || WideCharToMultiByte(CP_UTF8, 0, wargv[i], -1, argv[i], n, NULL, NULL) != n)
            return NULL; // the process ends at once: nothing to free
    }
    return argv;
}
