#ifndef KINETYPE_CLINUX_SHIM_H
#define KINETYPE_CLINUX_SHIM_H

// Linux system calls that Swift's Glibc module does not show: glibc declares their wrappers only
// with _GNU_SOURCE (which would change the system headers this module shares with every other),
// and C libraries older than glibc 2.28 lack them. So they are made as system calls.
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

/// renameat2(2): with `flags` 2 (RENAME_EXCHANGE) the two names swap atomically. -1 with errno
/// ENOSYS on kernels older than 3.15.
static inline int kinetype_renameat2(int old_folder, const char *old_path, int new_folder, const char *new_path,
                                     unsigned int flags) {
    return (int)syscall(SYS_renameat2, old_folder, old_path, new_folder, new_path, flags);
}

#endif

#endif
