import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Errors of the system and of Foundation (a full disk under a copy, a folder that cannot be
/// made, a file that cannot be removed) as sentences a user can act on: `no space left on the
/// device while writing App.xcassets/card.dataset/card.gif`, never `Error Domain=NSCocoaErrorDomain
/// Code=640 … UserInfo={…}`. `DiagnosticList(describing:)` uses it for any such error that reaches
/// it unwrapped; code that knows what it was doing says so with `reason(of:)`.
public enum SystemError {
    /// What an `errno` value means, as the end of a sentence: `no space left on the device`.
    public static func reason(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "the disk quota is exceeded"
        case EFBIG: return "the file is too large for the file system"
        case EISDIR: return "a folder with that name is in the way"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ENAMETOOLONG: return "the name is too long"
        case EEXIST: return "a file with that name is in the way"
        case ENOTEMPTY: return "a folder with that name is in the way and is not empty"
        case EIO: return "an input/output error on the device"
        case EMFILE, ENFILE: return "too many files are open"
        case ENOMEM: return "out of memory"
        case EXDEV: return "the paths are on different file systems"
        case EBUSY: return "the file or folder is busy"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// What to do about an `errno` value, when there is something useful to say.
    public static func hint(errno code: Int32) -> String? {
        switch code {
        case ENOSPC, EDQUOT: return "free some space on that disk, or write somewhere else"
        case EACCES, EPERM, EROFS: return "choose a folder you can write to"
        default: return nil
        }
    }

    /// The `errno` behind a Foundation or POSIX error: its own code, its underlying POSIX error's,
    /// or the meaning of its Cocoa code; nil for an error of another kind.
    public static func errno(of error: any Error) -> Int32? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        guard nsError.domain == NSCocoaErrorDomain else { return nil }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return ENOENT
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return EACCES
        case NSFileWriteOutOfSpaceError: return ENOSPC
        case NSFileWriteVolumeReadOnlyError: return EROFS
        case NSFileWriteFileExistsError: return EEXIST
        case NSFileReadTooLargeError: return EFBIG
        case NSFileReadInvalidFileNameError, NSFileWriteInvalidFileNameError: return ENAMETOOLONG
        default: return EIO
        }
    }

    /// Whether `error` is one of the system's or Foundation's own (an `NSError` of the POSIX or
    /// Cocoa domain).
    public static func isSystemError(_ error: any Error) -> Bool { errno(of: error) != nil }

    /// What went wrong, as the end of a sentence: the `errno` meaning for a system error, the
    /// description of any other.
    public static func reason(of error: any Error) -> String {
        if let code = errno(of: error) { return reason(errno: code) }
        if let list = error as? DiagnosticList { return list.diagnostics.map(\.message).joined(separator: "; ") }
        return "\(error)"
    }

    /// What the failed operation was doing, told by the error's Cocoa code and user info.
    private enum Doing: String {
        case reading
        case writing
        case copying
        case removing
        case moving
    }

    /// A system error that reached the user without its context, as a sentence: `no space left on
    /// the device while writing /out/card.gif`; nil for any other error. Writing, copying, moving
    /// and removing fail as `.cannotWrite` (73), reading as `.missingInput` (66).
    public static func diagnostic(_ error: any Error) -> Diagnostic? {
        guard let code = errno(of: error) else { return nil }
        let nsError = error as NSError
        let variant = (nsError.userInfo["NSUserStringVariant"] as? [String])?.first
        let doing: Doing? =
            switch (variant, nsError.code) {
            case ("Copy", _): .copying
            case ("Remove", _): .removing
            case ("Move", _): .moving
            case (_, NSFileReadUnknownError...NSFileReadUnknownStringEncodingError): .reading
            case (_, NSFileWriteUnknownError...NSFileWriteVolumeReadOnlyError): .writing
            default: nsError.domain == NSCocoaErrorDomain && variant == "Folder" ? .reading : nil
            }
        let destination = nsError.userInfo["NSDestinationFilePath"] as? String
        let source = nsError.userInfo[NSFilePathErrorKey] as? String ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
        // A copy that fails for want of room or rights fails at its destination.
        let path =
            doing == .copying && [ENOSPC, EDQUOT, EROFS, EACCES, EPERM, EFBIG].contains(code)
            ? destination ?? source : source ?? destination
        var message = reason(errno: code)
        if let path {
            let shown = JSONText.unquotedPath(path)
            switch doing {
            case .copying? where path == destination: message += " while writing \(shown)"
            case let doing?: message += " while \(doing.rawValue) \(shown)"
            case nil: message += ": \(shown)"
            }
        }
        let reading = doing == .reading || (doing == .copying && path != destination && code == ENOENT)
        return Diagnostic(
            kind: reading ? .missingInput : .cannotWrite, message: message, hint: hint(errno: code))
    }
}
