import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The longest file name and path a folder's file system takes, in bytes of UTF-8: what
/// `pathconf(_PC_NAME_MAX)` and `pathconf(_PC_PATH_MAX)` say, else 255 and 4096 (ext4, tmpfs,
/// btrfs and xfs all take 255-byte names). Names are counted in bytes everywhere, which is
/// stricter than file systems that count characters or UTF-16 units.
public struct FileSystemLimits: Equatable, Sendable {
    /// The longest file name (NAME_MAX).
    public var nameBytes: Int
    /// The longest path a system call takes, counting its final NUL byte (PATH_MAX).
    public var pathBytes: Int

    /// The limits where the file system does not say: 255-byte names, 4096-byte paths.
    public static let common = FileSystemLimits(nameBytes: 255, pathBytes: 4096)

    public init(nameBytes: Int, pathBytes: Int) {
        self.nameBytes = nameBytes
        self.pathBytes = pathBytes
    }

    /// The limits of the file system `folder` is on; for a folder not made yet, of its nearest
    /// existing parent, where it will be made.
    public static func of(_ folder: URL) -> FileSystemLimits {
        var existing = folder.standardizedFileURL
        var status = stat()
        while stat(existing.path, &status) != 0, existing.path != "/" {
            existing = existing.deletingLastPathComponent()
        }
        return FileSystemLimits(
            nameBytes: value(existing, Int32(_PC_NAME_MAX)) ?? common.nameBytes,
            pathBytes: value(existing, Int32(_PC_PATH_MAX)) ?? common.pathBytes)
    }

    private static func value(_ folder: URL, _ name: Int32) -> Int? {
        let value = pathconf(folder.path, name)
        return value > 0 ? value : nil
    }
}
