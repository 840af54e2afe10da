/* A fault injector for tests, loaded with LD_PRELOAD into treelab-cli or the workbench: what a
 * full disk, a read-only folder and a file the user may not read look like to the program,
 * without a mount or a second user (CI runs as root, whom chmod does not stop). Each variable
 * holds an fnmatch pattern (a '*' also matches '/') against the path of the file:
 *   TREELAB_FAULT_ENOSPC  write, pwrite, writev, fsync and fdatasync fail with ENOSPC
 *   TREELAB_FAULT_EROFS   open for writing or creating, and access(W_OK), fail with EROFS
 *   TREELAB_FAULT_EACCES  every open fails with EACCES
 * Unset variables change nothing. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static int matches(const char* variable, const char* path) {
    const char* pattern = getenv(variable);
    return pattern && *pattern && path && fnmatch(pattern, path, 0) == 0;
}

/* The path behind a descriptor, through /proc (readlink is not intercepted). */
static int fd_matches(const char* variable, int fd) {
    if (!getenv(variable)) return 0;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0) return 0;
    path[length] = '\0';
    return matches(variable, path);
}

static int open_fault(const char* path, int flags) {
    if (matches("TREELAB_FAULT_EACCES", path)) return EACCES;
    if ((flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)) && matches("TREELAB_FAULT_EROFS", path)) return EROFS;
    return 0;
}

static int mode_fault(const char* path, const char* mode) {
    const int writing = mode[0] == 'w' || mode[0] == 'a' || (mode[0] && mode[1] == '+');
    return open_fault(path, writing ? O_WRONLY : O_RDONLY);
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

/* What open and openat share: the mode after the flags, passed only when the call may create a
 * file (O_CREAT, or O_TMPFILE, whose bits include O_DIRECTORY's: a folder opened has none), and
 * the fault for the path. -1 with errno set when the call is to fail, else 0 and *mode. */
static int open_mode_or_fault(const char* path, int flags, va_list args, mode_t* mode) {
    *mode = (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(args, mode_t) : 0;
    const int fault = open_fault(path, flags);
    if (fault) {
        errno = fault;
        return -1;
    }
    return 0;
}

#define OPEN_LIKE(name)                                                   \
    int name(const char* path, int flags, ...) {                          \
        va_list args;                                                     \
        va_start(args, flags);                                            \
        mode_t mode;                                                      \
        const int refused = open_mode_or_fault(path, flags, args, &mode); \
        va_end(args);                                                     \
        return refused ? -1 : NEXT(name)(path, flags, mode);              \
    }
OPEN_LIKE(open)
OPEN_LIKE(open64)

#define OPENAT_LIKE(name)                                                 \
    int name(int dir, const char* path, int flags, ...) {                 \
        va_list args;                                                     \
        va_start(args, flags);                                            \
        mode_t mode;                                                      \
        const int refused = open_mode_or_fault(path, flags, args, &mode); \
        va_end(args);                                                     \
        return refused ? -1 : NEXT(name)(dir, path, flags, mode);         \
    }
OPENAT_LIKE(openat)
OPENAT_LIKE(openat64)

/* glibc's fopen opens through an internal call that LD_PRELOAD does not reach. */
#define FOPEN_LIKE(name)                                             \
    FILE* name(const char* path, const char* mode) {                 \
        const int fault = mode_fault(path, mode);                    \
        if (fault) {                                                 \
            errno = fault;                                           \
            return NULL;                                             \
        }                                                            \
        return NEXT(name)(path, mode);                               \
    }
FOPEN_LIKE(fopen)
FOPEN_LIKE(fopen64)

int access(const char* path, int how) {
    if ((how & W_OK) && matches("TREELAB_FAULT_EROFS", path)) {
        errno = EROFS;
        return -1;
    }
    return NEXT(access)(path, how);
}

#define FAIL_IF_FULL(fd, failed)                                     \
    if (fd_matches("TREELAB_FAULT_ENOSPC", fd)) {                    \
        errno = ENOSPC;                                              \
        return failed;                                               \
    }

ssize_t write(int fd, const void* bytes, size_t count) {
    FAIL_IF_FULL(fd, -1)
    return NEXT(write)(fd, bytes, count);
}

ssize_t pwrite(int fd, const void* bytes, size_t count, off_t offset) {
    FAIL_IF_FULL(fd, -1)
    return NEXT(pwrite)(fd, bytes, count, offset);
}

ssize_t pwrite64(int fd, const void* bytes, size_t count, off64_t offset) {
    FAIL_IF_FULL(fd, -1)
    return NEXT(pwrite64)(fd, bytes, count, offset);
}

ssize_t writev(int fd, const struct iovec* parts, int count) {
    FAIL_IF_FULL(fd, -1)
    return NEXT(writev)(fd, parts, count);
}

int fsync(int fd) {
    FAIL_IF_FULL(fd, -1)
    return NEXT(fsync)(fd);
}

int fdatasync(int fd) {
    FAIL_IF_FULL(fd, -1)
    return NEXT(fdatasync)(fd);
}
