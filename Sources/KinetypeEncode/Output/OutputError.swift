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

    /// A `.cannotWrite` diagnostic for `url` from a Foundation or POSIX error.
    public static func cannotWrite(_ url: URL, error: Error) -> DiagnosticList {
        if let list = error as? DiagnosticList { return list }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return cannotWrite(url, errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return cannotWrite(url, errno: Int32(underlying.code))
        }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileWriteNoPermissionError, NSFileWriteVolumeReadOnlyError,
            NSFileWriteOutOfSpaceError:
            return cannotWrite(url, errno: posixCode(forCocoaCode: nsError.code))
        default:
            return cannotWrite(url, reason: nsError.localizedDescription)
        }
    }

    public static func reason(forErrno code: Int32) -> String {
        switch code {
        case ENOENT: return "the folder does not exist"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "the disk quota is exceeded"
        case EISDIR: return "a folder with that name is in the way"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ENAMETOOLONG: return "the name is too long"
        case EEXIST: return "a file with that name is in the way"
        case ENOTEMPTY: return "a folder with that name is in the way and is not empty"
        default: return String(cString: strerror(code))
        }
    }

    public static func hint(forErrno code: Int32) -> String? {
        switch code {
        case ENOENT: return "create the folder first, or choose another output path"
        case EACCES, EPERM, EROFS: return "choose an output folder you can write to"
        default: return nil
        }
    }

    private static func posixCode(forCocoaCode code: Int) -> Int32 {
        switch code {
        case NSFileNoSuchFileError: return ENOENT
        case NSFileWriteNoPermissionError: return EACCES
        case NSFileWriteVolumeReadOnlyError: return EROFS
        default: return ENOSPC
        }
    }
}
