import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names of temporary siblings: hidden, unique within this process (process id + counter),
/// recognisable, and never longer than the folder's file system takes (`FileSystemLimits`), so a
/// crash leaves nothing that looks like an output, the next run can tell kinetype's leftovers from
/// everything else (see `StaleTemporaries`), and every name an output may have can be written.
///
/// - `.NAME.kinetype-PID-N.tmp` (`.old` for a folder moved aside) whenever that fits;
/// - else `.PREFIX.kinetype-PID-N-HASH.tmp|old`: NAME cut between two Unicode scalars (so it is
///   still UTF-8) to fill the longest name to within 3 bytes, and the first 16 hex digits of the
///   SHA-256 of the whole NAME. Beside a folder moved aside under such a name, a note
///   `.PREFIX.kinetype-PID-N-HASH.name` holds the whole NAME (`MovedAsideNote`).
enum TemporaryName {
    /// The number of the last temporary named by this process.
    private static let counter = Locked(0)

    /// The suffixes kinetype's temporaries end with.
    static let suffixes = ["tmp", "old", noteSuffix]
    /// The suffix of a moved-aside folder's note; only shortened names have one.
    static let noteSuffix = "name"

    static func sibling(of destination: URL, suffix: String = "tmp") -> URL {
        let folder = destination.deletingLastPathComponent()
        let name = make(
            for: destination.lastPathComponent, processID: getpid(), counter: nextNumber(), suffix: suffix,
            nameLimit: FileSystemLimits.of(folder).nameBytes)
        return folder.appendingPathComponent(name)
    }

    /// Where the exchange-less fallback moves an existing folder aside (`.old`), and, when that
    /// name had to be shortened, the note beside it that keeps the destination's whole name.
    static func movedAside(_ destination: URL) -> (folder: URL, note: URL?) {
        let parent = destination.deletingLastPathComponent()
        let (name, number, limit) = (destination.lastPathComponent, nextNumber(), FileSystemLimits.of(parent).nameBytes)
        let folderName = make(for: name, processID: getpid(), counter: number, suffix: "old", nameLimit: limit)
        guard parse(folderName, nameLimit: limit)?.hash != nil else {
            return (parent.appendingPathComponent(folderName), nil)
        }
        let noteName = make(for: name, processID: getpid(), counter: number, suffix: noteSuffix, nameLimit: limit)
        return (parent.appendingPathComponent(folderName), parent.appendingPathComponent(noteName))
    }

    /// The temporary name for `destinationName`: the readable form when it fits in `nameLimit`
    /// bytes (never for a note), else the shortened one.
    static func make(
        for destinationName: String, processID: pid_t, counter: Int, suffix: String, nameLimit: Int
    ) -> String {
        let readable = ".\(destinationName).kinetype-\(processID)-\(counter).\(suffix)"
        if readable.utf8.count <= nameLimit, suffix != noteSuffix { return readable }
        let ending = ".kinetype-\(processID)-\(counter)-\(NameShortening.hash(of: destinationName)).\(suffix)"
        return "." + NameShortening.prefix(of: destinationName, bytes: nameLimit - 1 - ending.utf8.count) + ending
    }

    /// The most bytes a temporary for `destinationName` takes, whatever the process id and counter:
    /// the readable name with the longest of both, and never more than `nameLimit`.
    static func longestBytes(for destinationName: String, suffix: String, nameLimit: Int) -> Int {
        let readable = ".\(destinationName).kinetype-\(pid_t.max)-\(Int.max).\(suffix)"
        return min(nameLimit, readable.utf8.count)
    }

    /// The parts of a name made by `make`, or nil for any other name.
    struct Parsed: Equatable {
        /// The destination's file name; for a shortened name, its start.
        var destinationName: String
        /// For a shortened name, the hash of the destination's whole name; nil when
        /// `destinationName` is whole.
        var hash: String?
        var processID: pid_t
        var counter: Int
        var suffix: String

        /// Whether this temporary was made for the destination `name`, byte for byte.
        func isMade(for name: String) -> Bool {
            guard let hash else { return name.utf8.elementsEqual(destinationName.utf8) }
            return name.utf8.starts(with: destinationName.utf8) && NameShortening.hash(of: name) == hash
        }
    }

    /// Parses `.NAME.kinetype-PID-N.tmp|old` and `.PREFIX.kinetype-PID-N-HASH.tmp|old|name`
    /// exactly: PID and N are decimal numbers without a leading zero, NAME and PREFIX are not
    /// empty, HASH is 16 lowercase hex digits, and a shortened name is as long as `make` makes it
    /// for a folder whose names take at most `nameLimit` bytes (longer than `nameLimit` - 4).
    /// Anything else is not kinetype's and gives nil. Dots are found in the UTF-8 bytes, so a
    /// character that joins the dot after it (U+0600) cannot hide one.
    static func parse(_ name: String, nameLimit: Int = FileSystemLimits.common.nameBytes) -> Parsed? {
        let dot = UInt8(ascii: ".")
        let bytes = name.utf8
        guard bytes.first == dot else { return nil }
        let parts = bytes.dropFirst().split(separator: dot, omittingEmptySubsequences: false).map(Substring.init)
        guard parts.count >= 3, let suffix = parts.last, suffixes.contains(String(suffix)) else { return nil }
        let marker = parts[parts.count - 2]
        guard marker.hasPrefix("kinetype-") else { return nil }
        let fields = marker.dropFirst("kinetype-".count).split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, fields.prefix(2).allSatisfy(isDecimal),
            let pid = pid_t(fields[0]), pid > 0, let counter = Int(fields[1]), counter > 0
        else { return nil }
        let destination = parts[0..<(parts.count - 2)].joined(separator: ".")
        guard !destination.isEmpty else { return nil }
        var parsed = Parsed(
            destinationName: destination, hash: nil, processID: pid, counter: counter, suffix: String(suffix))
        if fields.count == 3 {
            // Made only when the readable name does not fit, so it fills the limit.
            guard NameShortening.isHash(fields[2]), bytes.count <= nameLimit, bytes.count > nameLimit - 4 else {
                return nil
            }
            parsed.hash = String(fields[2])
        } else if parsed.suffix == noteSuffix {
            return nil
        }
        return parsed
    }

    private static func nextNumber() -> Int {
        counter.withLock { count in
            count += 1
            return count
        }
    }

    private static func isDecimal(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.count <= 10 else { return false }
        return text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
