#ifndef KINETYPE_CDYNAMICLOADER_SHIM_H
#define KINETYPE_CDYNAMICLOADER_SHIM_H

// The dynamic loader's list of loaded objects (glibc's dl_iterate_phdr). <link.h> declares it only
// with _GNU_SOURCE, which would change the system headers this module shares with every other, so
// the call and the two leading members of its record are declared here as <link.h> has them.
#if defined(__linux__)
#include <stddef.h>
#include <stdint.h>

struct dl_phdr_info;

extern int dl_iterate_phdr(int (*callback)(struct dl_phdr_info *info, size_t size, void *data), void *data);

/// The start of `struct dl_phdr_info`: the object's load address and its path ("" for the program).
struct kinetype_loaded_object {
    uintptr_t dlpi_addr;
    const char *dlpi_name;
};

/// In a kinetype linked statically (the release binary), the render libraries it was linked from:
/// one line each, "library NAME SHA-256 of the archive" (`scripts/static-stack` compiles the object
/// that defines it into the link). Null in a build that loads them as shared libraries.
extern const char kinetype_static_libraries[] __attribute__((weak));

static inline const char *kinetype_linked_libraries(void) { return kinetype_static_libraries; }
#endif

#endif
