import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swaps two paths in one system call, so there is no moment at which either name is missing:
/// `renameat2(RENAME_EXCHANGE)` on Linux (looked up at run time, because Swift's Glibc module
/// does not show it and C libraries older than glibc 2.28 lack it), `renamex_np(RENAME_SWAP)` on
/// macOS.
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
            guard let renameat2 = linuxRenameat2 else { return .unsupported }
            let renameExchange: UInt32 = 1 << 1
            if renameat2(AT_FDCWD, first.path, AT_FDCWD, second.path, renameExchange) == 0 { return .exchanged }
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

    #if canImport(Glibc)
        private typealias Renameat2 =
            @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

        /// glibc's `renameat2`, when the C library has it.
        private static let linuxRenameat2: Renameat2? = {
            guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: Renameat2.self)
        }()
    #endif
}
