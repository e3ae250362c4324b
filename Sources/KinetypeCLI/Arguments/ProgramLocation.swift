import Foundation
import KinetypeCore

/// Where kinetype's own files are when the system cannot say where the program is. kinetype finds
/// `share/kinetype` (its font set) beside the folder of its executable, which Linux tells through
/// `/proc/self/exe`; a bare container or chroot may not have `/proc` mounted. The portable bundle's
/// `bin/kinetype` is the program itself, so there it finds its folder as a shell found it: from
/// `argv[0]`, a path or a name on `PATH`, symbolic links resolved. It then sets `KINETYPE_HOME`
/// before anything reads it. A `KINETYPE_HOME` already set, or a readable `/proc/self/exe`, is left
/// to `KinetypeHome`.
enum ProgramLocation {
    static func setHomeWithoutProc() {
        #if os(Linux)
            var byte: CChar = 0
            guard getenv(KinetypeHome.environmentVariable) == nil,
                readlink("/proc/self/exe", &byte, 1) < 0, ProcessArguments.count > 0,
                let first = ProcessArguments.values[0], let program = resolved(String(cString: first))
            else { return }
            let root = URL(fileURLWithPath: program).deletingLastPathComponent().deletingLastPathComponent()
            setenv(KinetypeHome.environmentVariable, root.path, 1)
        #endif
    }

    /// The real path of the program started as `argv0`: a path (relative to the current folder), or
    /// the first executable of that name in a folder of `PATH`.
    static func resolved(_ argv0: String, path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        if argv0.contains("/") { return realPath(argv0) }
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(argv0)"
            if access(candidate, X_OK) == 0, let real = realPath(candidate) { return real }
        }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
