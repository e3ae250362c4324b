import Foundation

#if canImport(Glibc)
    import CLinux
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swaps two paths in one system call, so there is no moment at which either name is missing:
/// `renameat2(RENAME_EXCHANGE)` on Linux (made as a system call, `CLinux`: Swift's Glibc module
/// does not show it, C libraries older than glibc 2.28 lack it, and a static kinetype has no
/// symbols to look it up by), `renamex_np(RENAME_SWAP)` on macOS.
enum FolderExchange {
    /// The outcome of an exchange attempt.
    enum Result: Equatable {
        case exchanged
        /// The system or the file system cannot exchange; the caller falls back to two renames.
        case unsupported
        /// The exchange failed for another reason (the errno value).
        case failed(Int32)
    }

    /// Exchanges `first` and `second`; both must exist.
    static func exchange(_ first: URL, _ second: URL) -> Result {
        #if canImport(Glibc)
            let renameExchange: UInt32 = 1 << 1
            if kinetype_renameat2(AT_FDCWD, first.path, AT_FDCWD, second.path, renameExchange) == 0 {
                return .exchanged
            }
        #elseif canImport(Darwin)
            if renamex_np(first.path, second.path, UInt32(RENAME_SWAP)) == 0 { return .exchanged }
        #else
            return .unsupported
        #endif
        let code = errno
        switch code {
        case ENOSYS, EINVAL, ENOTSUP: return .unsupported
        default: return .failed(code)
        }
    }
}
