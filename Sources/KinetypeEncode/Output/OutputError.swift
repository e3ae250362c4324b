import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds the `.cannotWrite` diagnostics of every encoder, so they all read the same way:
/// `cannot write Output/x.gif: the folder does not exist`.
public enum OutputError {
    /// The path as the user gave it (relative when it was relative), escaped and cut as every
    /// echoed path is (`JSONText.unquotedPath`).
    public static func displayPath(_ url: URL) -> String {
        JSONText.unquotedPath(url.relativePath.isEmpty ? url.path : url.relativePath)
    }

    /// A `.cannotWrite` diagnostic for `url` with a reason a user can act on.
    public static func cannotWrite(_ url: URL, reason: String, hint: String? = nil) -> DiagnosticList {
        DiagnosticList(
            Diagnostic(kind: .cannotWrite, message: "cannot write \(displayPath(url)): \(reason)", hint: hint))
    }

    /// A `.cannotWrite` diagnostic for `url` from a C `errno` value. When the trouble is the
    /// folder `url` goes in (it is missing, not a folder, not writable), the reason says so.
    public static func cannotWrite(_ url: URL, errno code: Int32) -> DiagnosticList {
        if let problem = folderProblem(url.deletingLastPathComponent(), errno: code) {
            return cannotWrite(url, reason: problem.reason, hint: problem.hint)
        }
        return cannotWrite(url, reason: reason(forErrno: code), hint: hint(forErrno: code))
    }

    /// What is wrong with `folder` when making something in it failed with `code`: it does not
    /// exist, is not a folder, is not writable (a folder without write permission, or one of a file
    /// system such as /proc that takes no new files, which says "no such file"), or is on a
    /// read-only file system. Nil when the folder is fine and the reason lies elsewhere (a full
    /// disk, a name too long).
    public static func folderProblem(_ folder: URL, errno code: Int32) -> (reason: String, hint: String)? {
        guard [ENOENT, ENOTDIR, EACCES, EPERM, EROFS].contains(code) else { return nil }
        let shown = displayFolder(folder)
        var status = stat()
        guard stat(folder.path, &status) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            return missing
                ? ("the folder \(shown) does not exist", "create the folder first, or choose another output path")
                : nil
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFDIR else {
            let kind = type == S_IFREG ? "a file" : "not a folder but a special file"
            return ("\(shown) is \(kind), not a folder", "choose an output path in a folder")
        }
        switch code {
        case EROFS:
            return ("the folder \(shown) is on a read-only file system", "choose an output folder you can write to")
        case ENOENT, EACCES, EPERM:
            return ("the folder \(shown) is not writable", "choose an output folder you can write to")
        default:
            return nil
        }
    }

    /// A folder as messages name it: as given, or "the current folder".
    private static func displayFolder(_ folder: URL) -> String {
        let shown = displayPath(folder)
        return shown.isEmpty || shown == "." || shown == "./" ? "." : shown
    }

    /// A `.cannotWrite` diagnostic for `url` from a Foundation or POSIX error (a `DiagnosticList`
    /// is passed on as it is).
    public static func cannotWrite(_ url: URL, error: Error) -> DiagnosticList {
        if let list = error as? DiagnosticList { return list }
        guard let code = SystemError.errno(of: error) else {
            return cannotWrite(url, reason: SystemError.reason(of: error))
        }
        return cannotWrite(url, errno: code)
    }

    /// Why a file cannot be written, for an `errno` value: as `SystemError.reason(errno:)`, but a
    /// missing file there is a missing folder.
    public static func reason(forErrno code: Int32) -> String {
        code == ENOENT ? "the folder does not exist" : SystemError.reason(errno: code)
    }

    public static func hint(forErrno code: Int32) -> String? {
        switch code {
        case ENOENT: return "create the folder first, or choose another output path"
        case EACCES, EPERM, EROFS: return "choose an output folder you can write to"
        default: return SystemError.hint(errno: code)
        }
    }
}
