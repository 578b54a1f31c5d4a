/* SPDX-License-Identifier: Apache-2.0
 * Test shim for LD_PRELOAD: read() of a descriptor of fd >= 3 fails with EIO
 * once its offset has reached TDSUM_EIO_AFTER bytes, so that tdsum meets a
 * read error in the middle of a file. Used by tests/read_error.sh only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

typedef ssize_t read_fn(int fd, void *buf, size_t len);

// Exported even though the project builds with hidden visibility.
__attribute__((visibility("default")))
ssize_t read(int fd, void *buf, size_t len)
{
    static read_fn *real;
    if (real == NULL) {
        void *sym = dlsym(RTLD_NEXT, "read");
        *(void **)&real = sym;
    }
    const char *after = getenv("TDSUM_EIO_AFTER");
    if (after != NULL && fd >= 3) {
        off_t pos = lseek(fd, 0, SEEK_CUR);
        if (pos >= 0 && pos >= (off_t)strtoll(after, NULL, 10)) {
            errno = EIO;
            return -1;
        }
    }
    return real(fd, buf, len);
}
