import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The note the exchange-less folder fallback writes beside an old folder it moves aside under a
/// shortened name (`TemporaryName.movedAside`): the destination's whole file name, in UTF-8 and
/// nothing else, which the shortened name cannot hold. It is written before the old folder is
/// moved and removed after the old folder is, so whenever a stale `.old` of a shortened name
/// exists its note does too, and `StaleTemporaries` can rename the folder back. The old folder
/// itself is never written into.
enum MovedAsideNote {
    /// Notes are one file name: far below this.
    private static let sizeLimit: Int64 = 4096

    /// Writes `destinationName` to a new file at `note`; nil on success, else the `errno`.
    static func write(_ destinationName: String, to note: URL) -> Int32? {
        let descriptor = open(note.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        let failure = DescriptorWrite.all(destinationName, to: descriptor)
        close(descriptor)
        if failure != nil { unlink(note.path) }
        return failure
    }

    /// The destination name kept in `note` when it is sound (one plain file name, UTF-8) and is
    /// the name `parsed` (the moved-aside folder's name) was made for; else nil.
    static func destinationName(in note: URL, for parsed: TemporaryName.Parsed) -> String? {
        guard let data = try? RegularFile.read(note.path, limit: sizeLimit),
            let name = String(data: data, encoding: .utf8), !name.isEmpty, name != ".", name != "..",
            !name.utf8.contains(UInt8(ascii: "/")), !name.utf8.contains(0), parsed.isMade(for: name)
        else { return nil }
        return name
    }
}
