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

    /// A `.cannotWrite` diagnostic for `url` from a C `errno` value.
    public static func cannotWrite(_ url: URL, errno code: Int32) -> DiagnosticList {
        cannotWrite(url, reason: reason(forErrno: code), hint: hint(forErrno: code))
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
