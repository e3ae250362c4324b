import Foundation

/// The SHA-256 of input files, each read and hashed once per process however many outputs of a
/// batch use it, and again only when the file changed (its device, inode, size or modification
/// time differ).
final class FileDigests: Sendable {
    static let shared = FileDigests()

    private struct Stamp: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int
    }

    private let digests = Locked([String: (stamp: Stamp, digest: String)]())

    /// The hex digest of the file at `url`, or `missing` when it cannot be read as a regular file
    /// within the input limits.
    func digest(of url: URL) -> String {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return "missing" }
        let stamp = Stamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: status.st_mtim.tv_nsec)
        if let known = digests.withLock({ $0[url.path] }), known.stamp == stamp { return known.digest }
        let limit = max(RegularFile.fontLimit, RegularFile.imageLimit)
        guard let data = try? RegularFile.read(url.path, limit: limit) else { return "missing" }
        let digest = SHA256.hex(of: data)
        digests.withLock { $0[url.path] = (stamp, digest) }
        return digest
    }
}
