// SPDX-License-Identifier: GPL-3.0-or-later
//
// bin/kinetype of the portable bundle. It starts libexec/kinetype through the bundle's own dynamic
// loader with only the bundle's libraries (lib/), so neither the host's C library nor its render
// libraries take part in a render: the same pixels on any x86_64 Linux. Built statically, so it
// needs nothing from the host either. It sets KINETYPE_HOME to the bundle's folder, where kinetype
// finds its fonts, and hands on argv[0] and every argument unchanged.
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The launcher's own path, symbolic links resolved: /proc/self/exe, or, without /proc, argv[0]
// as a path or found on PATH.
static int locate_self(const char *argv0, char *self) {
    ssize_t length = readlink("/proc/self/exe", self, PATH_MAX - 1);
    if (length > 0) {
        self[length] = '\0';
        return 0;
    }
    if (strchr(argv0, '/') != NULL) return realpath(argv0, self) != NULL ? 0 : -1;
    const char *path = getenv("PATH");
    if (path == NULL) return -1;
    char candidate[PATH_MAX];
    while (*path != '\0') {
        size_t length = strcspn(path, ":");
        if (length > 0 && snprintf(candidate, sizeof candidate, "%.*s/%s", (int)length, path, argv0) < PATH_MAX
            && access(candidate, X_OK) == 0 && realpath(candidate, self) != NULL) {
            return 0;
        }
        path += length + (path[length] == ':');
    }
    return -1;
}

// Cuts the last path component off `path`; fails at the root.
static int parent(char *path) {
    char *slash = strrchr(path, '/');
    if (slash == NULL || slash == path) return -1;
    *slash = '\0';
    return 0;
}

int main(int argc, char **argv) {
    char root[PATH_MAX];
    const char *argv0 = argc > 0 ? argv[0] : "kinetype";
    if (locate_self(argv0, root) != 0 || parent(root) != 0 || parent(root) != 0) {
        fprintf(stderr, "kinetype: error: cannot find the bundle's folder (no /proc, and \"%s\" is not a path "
                        "or on PATH); run it by its full path\n", argv0);
        return 127;
    }
    char loader[PATH_MAX], libraries[PATH_MAX], program[PATH_MAX];
    if (snprintf(loader, sizeof loader, "%s/lib/ld-linux-x86-64.so.2", root) >= PATH_MAX
        || snprintf(libraries, sizeof libraries, "%s/lib", root) >= PATH_MAX
        || snprintf(program, sizeof program, "%s/libexec/kinetype", root) >= PATH_MAX) {
        fprintf(stderr, "kinetype: error: the bundle's folder path is too long: %s\n", root);
        return 127;
    }
    if (setenv("KINETYPE_HOME", root, 1) != 0) {
        fprintf(stderr, "kinetype: error: cannot set KINETYPE_HOME: %s\n", strerror(errno));
        return 127;
    }
    char **arguments = calloc((size_t)argc + 7, sizeof *arguments);
    if (arguments == NULL) {
        fprintf(stderr, "kinetype: error: out of memory\n");
        return 127;
    }
    int count = 0;
    arguments[count++] = loader;
    arguments[count++] = "--library-path";
    arguments[count++] = libraries;
    arguments[count++] = "--argv0";
    arguments[count++] = (char *)argv0;
    arguments[count++] = program;
    for (int index = 1; index < argc; index++) arguments[count++] = argv[index];
    arguments[count] = NULL;
    execv(loader, arguments);
    fprintf(stderr, "kinetype: error: cannot start %s: %s\n", loader, strerror(errno));
    return 127;
}
