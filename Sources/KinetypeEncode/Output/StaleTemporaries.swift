import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes the temporaries a killed kinetype run left in a folder: only names that match
/// `TemporaryName`'s exact pattern, and only when their process no longer exists
/// (`kill(pid, 0)` fails with `ESRCH`). A live process's temporaries, this process's own, and
/// every other file are never touched. A stale `.old` folder whose destination is missing (a run
/// killed between the two renames of the fallback folder commit) is renamed back into place
/// instead of removed, so the old output comes back. For a shortened `.old` name the destination
/// is the whole name its `.name` note keeps (`MovedAsideNote`); one without a sound note is left
/// alone, since where it belongs cannot be known.
public enum StaleTemporaries {
    /// The folders cleaned so far by this process.
    private static let cleaned = Locked(Set<String>())

    /// Cleans `folder` once per process (later calls for the same folder do nothing).
    static func cleanOnce(in folder: URL) {
        let key = folder.standardizedFileURL.path
        if cleaned.withLock({ $0.insert(key).inserted }) { clean(in: folder) }
    }

    /// Removes (or restores) every stale kinetype temporary directly inside `folder` and returns
    /// the names it acted on. Errors are ignored: cleaning is best effort and never fails a run.
    @discardableResult
    public static func clean(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let limit = FileSystemLimits.of(folder).nameBytes
        // Only kinetype's own names are sorted: an output folder may hold thousands of others.
        let stale = names.compactMap { name in TemporaryName.parse(name, nameLimit: limit).map { (name, $0) } }
            .filter { isStale($0.1.processID) }.sorted { $0.0 < $1.0 }
        var notes: [String: String] = [:]
        var movedAside: [String: String] = [:]
        for (name, parsed) in stale {
            if parsed.suffix == TemporaryName.noteSuffix { notes[run(parsed)] = name }
            if parsed.suffix == "old" { movedAside[run(parsed)] = name }
        }
        var handled: [String] = []
        // Moved-aside folders first: a shortened one's note says where it goes back.
        for (name, parsed) in stale where parsed.suffix == "old" {
            let url = folder.appendingPathComponent(name)
            let destinationName =
                parsed.hash == nil
                ? parsed.destinationName
                : notes[run(parsed)].flatMap {
                    MovedAsideNote.destinationName(in: folder.appendingPathComponent($0), for: parsed)
                }
            guard let destinationName else { continue }
            let destination = folder.appendingPathComponent(destinationName)
            if !exists(destination) {
                if rename(url.path, destination.path) == 0 { handled.append(name) }
                continue
            }
            if (try? FileManager.default.removeItem(at: url)) != nil { handled.append(name) }
        }
        for (name, parsed) in stale where parsed.suffix != "old" {
            // A note stays as long as its moved-aside folder.
            if parsed.suffix == TemporaryName.noteSuffix, let folderName = movedAside[run(parsed)],
                exists(folder.appendingPathComponent(folderName))
            {
                continue
            }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil {
                handled.append(name)
            }
        }
        return handled
    }

    /// What a moved-aside folder and its note share: the run, the counter and the hash.
    private static func run(_ parsed: TemporaryName.Parsed) -> String {
        "\(parsed.processID)-\(parsed.counter)-\(parsed.hash ?? "")"
    }

    /// True when no process has this id (so it cannot be a run still writing its temporary).
    static func isStale(_ processID: pid_t) -> Bool {
        guard processID != getpid() else { return false }
        return kill(processID, 0) != 0 && errno == ESRCH
    }

    private static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }
}
