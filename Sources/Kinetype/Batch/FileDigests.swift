import Foundation
import KinetypeEncode

/// The SHA-256 of input files, each read and hashed once however many outputs of a batch use it,
/// and again only when the file changed: its device, inode, size, modification time or status
/// change time differ (a write changes the last two, and the status change time cannot be set
/// back). The digests are kept between runs in kinetype's cache folder
/// (`$XDG_CACHE_HOME/kinetype/file-digests`, or `~/.cache/kinetype/file-digests`), so an unchanged
/// re-run reads no input whole — a font family is megabytes, hashing it most of what a re-run
/// cost. Where that file cannot be read or written, every run hashes its files again, as before.
///
/// The kernel stamps files from a coarse clock (a few milliseconds a tick), so a file written again
/// within the tick it was hashed in keeps its stamp. A digest is therefore kept for later runs only
/// when the file had not changed for `settleNanoseconds` when it was read, as git treats "racily
/// clean" entries: a file written just now is hashed again next run.
final class FileDigests: Sendable {
    static let shared = FileDigests(
        store: storeFile(
            environment: ["XDG_CACHE_HOME": getenv("XDG_CACHE_HOME"), "HOME": getenv("HOME")]
                .compactMapValues { $0.map { String(cString: $0) } }))

    /// What identifies a file's content without reading it.
    struct Stamp: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int
        var changed: Int64
        var changedNanoseconds: Int

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = Int64(status.st_mtim.tv_sec)
            modifiedNanoseconds = status.st_mtim.tv_nsec
            changed = Int64(status.st_ctim.tv_sec)
            changedNanoseconds = status.st_ctim.tv_nsec
        }

        init(
            device: UInt64, inode: UInt64, size: Int64, modified: Int64, modifiedNanoseconds: Int, changed: Int64,
            changedNanoseconds: Int
        ) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.modifiedNanoseconds = modifiedNanoseconds
            self.changed = changed
            self.changedNanoseconds = changedNanoseconds
        }

        /// The later of the modification and status change times, in nanoseconds since 1970.
        var lastChange: Int64 {
            max(
                modified * 1_000_000_000 + Int64(modifiedNanoseconds),
                changed * 1_000_000_000 + Int64(changedNanoseconds))
        }
    }

    private struct Known {
        var stamp: Stamp
        var digest: String
    }

    private struct State {
        var known: [String: Known] = [:]
        /// Paths asked for in this process (kept first when the store is full).
        var used: Set<String> = []
        var loaded = false
        var changed = false
        /// This run's answers, by path: each file is looked at once a run however many entries use it.
        var answered: [String: String] = [:]
    }

    /// The store's path, or nil: digests then last one process.
    let store: String?
    private let state = Locked(State())
    /// The time now, in nanoseconds since 1970.
    private let now: @Sendable () -> Int64

    /// The most files the store keeps.
    static let storeLimit = 10_000

    /// How long a file must have been unchanged when it was read for its digest to be kept.
    static let settleNanoseconds: Int64 = 1_000_000_000

    init(store: String?, now: @escaping @Sendable () -> Int64 = FileDigests.realTime) {
        self.store = store
        self.now = now
    }

    /// The system's real-time clock, in nanoseconds since 1970.
    @Sendable static func realTime() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Starts a run: files are looked at again (a run answers for each file what it found first;
    /// a file changed during the run gets a fingerprint that no longer matches, so the next run
    /// renders its outputs again).
    func startRun() {
        state.withLock { $0.answered = [:] }
    }

    /// The hex digest of the file at `path`, or `missing` when it cannot be read as a regular file
    /// within the input limits: the run's first answer for the path (`startRun`).
    func digest(ofPath path: String) -> String {
        if let answer = state.withLock({ $0.answered[path] }) { return answer }
        let answer = lookUp(path)
        state.withLock { $0.answered[path] = $0.answered[path] ?? answer }
        return answer
    }

    private func lookUp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "missing" }
        let stamp = Stamp(status)
        let known = state.withLock { state -> Known? in
            if !state.loaded {
                state.loaded = true
                state.known = load()
            }
            state.used.insert(path)
            return state.known[path]
        }
        if let known, known.stamp == stamp { return known.digest }
        let limit = max(RegularFile.fontLimit, RegularFile.imageLimit)
        guard let data = try? RegularFile.read(path, limit: limit) else { return "missing" }
        let digest = SHA256.hex(of: data)
        if now() - stamp.lastChange >= Self.settleNanoseconds {
            state.withLock { state in
                state.known[path] = Known(stamp: stamp, digest: digest)
                state.changed = true
            }
        }
        return digest
    }

    /// Writes the digests for later runs, when this process found new ones: the files it used
    /// first, then others up to `storeLimit`. A failure leaves the store as it was.
    func save() {
        guard let store else { return }
        let lines = state.withLock { state -> [String]? in
            guard state.changed else { return nil }
            state.changed = false
            let paths = state.used.sorted() + state.known.keys.filter { !state.used.contains($0) }.sorted()
            return paths.prefix(Self.storeLimit).compactMap { path in
                guard let known = state.known[path], !path.contains("\n") else { return nil }
                let s = known.stamp
                return "\(s.device) \(s.inode) \(s.size) \(s.modified) \(s.modifiedNanoseconds) \(s.changed) "
                    + "\(s.changedNanoseconds) \(known.digest) \(path)\n"
            }
        }
        guard let lines else { return }
        let url = URL(fileURLWithPath: store)
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(Data(lines.joined().utf8), to: url)
    }

    /// The digests of an earlier run; lines that do not parse are left out. Split as bytes (a
    /// newline or space byte is never part of a longer UTF-8 sequence): the store holds up to
    /// `storeLimit` lines, and every run reads it before its first digest.
    private func load() -> [String: Known] {
        guard let store, let data = try? RegularFile.read(store, limit: 8 << 20) else { return [:] }
        var known: [String: Known] = [:]
        for line in [UInt8](data).split(separator: 0x0A) {
            let fields = line.split(separator: 0x20, maxSplits: 8, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard fields.count == 9, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
                let size = Int64(fields[2]), let modified = Int64(fields[3]), let modifiedNanoseconds = Int(fields[4]),
                let changed = Int64(fields[5]), let changedNanoseconds = Int(fields[6]), fields[7].utf8.count == 64,
                fields[7].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                fields[8].hasPrefix("/")
            else { continue }
            known[fields[8]] = Known(
                stamp: Stamp(
                    device: device, inode: inode, size: size, modified: modified,
                    modifiedNanoseconds: modifiedNanoseconds, changed: changed,
                    changedNanoseconds: changedNanoseconds),
                digest: fields[7])
        }
        return known
    }

    /// `$XDG_CACHE_HOME/kinetype/file-digests`, or `$HOME/.cache/kinetype/file-digests`; nil with
    /// neither (as kinetype's font caches).
    static func storeFile(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/kinetype/file-digests" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/kinetype/file-digests" }
        return nil
    }
}
