import Foundation

/// The input files of scene summaries, each with the stamp it had (`FileDigests.Stamp`: device,
/// inode, size, modification and status change times), in `SceneSummary.inputPaths` order; named
/// by `id` (the first 16 hex digits of the SHA-256 of the files and stamps). Written once a file,
/// on a line of its own (`@ID`, then a path and a stamp per file), before the first record that
/// names it: a batch's entries mostly read the same fonts.
struct SceneInputSet: Sendable {
    var id: String
    var paths: [String]
    var stamps: [FileDigests.Stamp]

    init(paths: [String], stamps: [FileDigests.Stamp]) {
        self.paths = paths
        self.stamps = stamps
        id = String(SHA256.hex(of: Array(Self.text(paths: paths, stamps: stamps).utf8)).prefix(16))
    }

    /// The set of a line's `fields` (the first `@ID`); nil when they do not parse, or their ID is
    /// not that of their files and stamps (a line cut short or damaged, which would leave a
    /// record believing its scene read fewer files).
    init?(fields: [String]) {
        guard fields.count % 2 == 1, fields[0].hasPrefix("@") else { return nil }
        var paths: [String] = []
        var stamps: [FileDigests.Stamp] = []
        var index = 1
        while index < fields.count, let path = SummaryText.unescaped(fields[index]),
            let stamp = Self.stamp(parsing: fields[index + 1])
        {
            paths.append(path)
            stamps.append(stamp)
            index += 2
        }
        guard index == fields.count else { return nil }
        self.init(paths: paths, stamps: stamps)
        guard "@" + id == fields[0] else { return nil }
    }

    /// Its line.
    var line: String { "@\(id)" + Self.text(paths: paths, stamps: stamps) + "\n" }

    /// Whether every file still has its stamp.
    var isUnchanged: Bool {
        zip(paths, stamps).allSatisfy { path, stamp in
            var status = stat()
            return stat(path, &status) == 0 && FileDigests.Stamp(status) == stamp
        }
    }

    private static func text(paths: [String], stamps: [FileDigests.Stamp]) -> String {
        zip(paths, stamps).map { path, s in
            "\t" + SummaryText.escaped(path)
                + "\t\(s.device):\(s.inode):\(s.size):\(s.modified).\(s.modifiedNanoseconds):\(s.changed).\(s.changedNanoseconds)"
        }.joined()
    }

    private static func stamp(parsing text: String) -> FileDigests.Stamp? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 5 else { return nil }
        let modified = parts[3].split(separator: ".", omittingEmptySubsequences: false)
        let changed = parts[4].split(separator: ".", omittingEmptySubsequences: false)
        guard modified.count == 2, changed.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
            let size = Int64(parts[2]), let modifiedSeconds = Int64(modified[0]),
            let modifiedNanoseconds = Int(modified[1]), let changedSeconds = Int64(changed[0]),
            let changedNanoseconds = Int(changed[1])
        else { return nil }
        return FileDigests.Stamp(
            device: device, inode: inode, size: size, modified: modifiedSeconds,
            modifiedNanoseconds: modifiedNanoseconds, changed: changedSeconds, changedNanoseconds: changedNanoseconds)
    }
}
