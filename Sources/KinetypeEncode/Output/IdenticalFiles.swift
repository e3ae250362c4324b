import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether two regular files hold the same bytes, for outputs that need not be replaced when a run
/// makes them again (`OutputGroup(keepingIdenticalFiles:)`, `AtomicFile.writeIfChanged`).
public enum IdenticalFiles {
    /// True when both are regular files (the last part of `b` not followed: a link is never the
    /// same) of one size with the same bytes, read a MiB at a time (a smaller file at once: a
    /// report of a few kilobytes needs no two buffers of a MiB).
    public static func same(_ a: URL, _ b: URL) -> Bool {
        guard let first = openRegular(a, followingLink: true) else { return false }
        defer { close(first.descriptor) }
        guard let second = openRegular(b, followingLink: false) else { return false }
        defer { close(second.descriptor) }
        guard first.size == second.size else { return false }
        let chunk = min(1 << 20, first.size + 1)
        var left = [UInt8](repeating: 0, count: chunk)
        var right = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = fill(&left, from: first.descriptor)
            guard count >= 0, fill(&right, from: second.descriptor) == count else { return false }
            if count == 0 { return true }
            guard left[0..<count] == right[0..<count] else { return false }
        }
    }

    /// True when `url` is a regular file holding exactly `data`.
    public static func holds(_ url: URL, _ data: Data) -> Bool {
        guard let file = openRegular(url, followingLink: false) else { return false }
        defer { close(file.descriptor) }
        guard file.size == data.count else { return false }
        var buffer = [UInt8](repeating: 0, count: max(1, data.count))
        guard fill(&buffer, from: file.descriptor) == data.count else { return false }
        return data.elementsEqual(buffer[0..<data.count])
    }

    private static func openRegular(_ url: URL, followingLink: Bool) -> (descriptor: Int32, size: Int)? {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
        let descriptor = open(url.path, flags)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(status.st_size))
    }

    /// Reads until `buffer` is full or the file ends; the count read, or -1 on an error.
    private static func fill(_ buffer: inout [UInt8], from descriptor: Int32) -> Int {
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress! + total, bytes.count - total)
            }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return -1 }
            if count == 0 { break }
            total += count
        }
        return total
    }
}
