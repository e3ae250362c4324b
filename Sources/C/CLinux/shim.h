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

#include <malloc.h>

/// Limits glibc's malloc to `count` arenas (mallopt M_ARENA_MAX); before threads start. Every
/// thread otherwise gets an arena of its own (up to 8 a core), and memory freed into one stays
/// there: a long batch, whose renders start threads again and again, holds more and more of it.
static inline void kinetype_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }

/// Hands memory malloc holds free back to the system (malloc_trim).
static inline void kinetype_trim_malloc(void) { malloc_trim(0); }
#endif

#endif
