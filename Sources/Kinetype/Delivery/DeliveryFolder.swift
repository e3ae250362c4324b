import Foundation
import KinetypeEncode

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kinetype wrote into a delivery folder (an asset catalog, an Android `res` folder): every
/// file by its path inside the folder and the SHA-256 of the bytes it wrote, kept in the folder as
/// `.kinetype-delivery.json` (hidden: Xcode and the Android build skip it). A file is kinetype's to
/// replace or remove only while its bytes still have a hash listed here. While a run puts new
/// versions in place a file lists both its old and its new hash, so a kill at any moment leaves a
/// manifest that accepts what is on disk.
struct DeliveryManifest: Codable, Equatable {
    static let fileName = ".kinetype-delivery.json"
    static let formatName = "kinetype-delivery"

    var format = formatName
    var version = 1
    /// Path inside the folder (`card.dataset/card.gif`, `raw-night/card.gif`) → accepted hashes.
    var files: [String: [String]] = [:]
}

/// One run's hold on a delivery folder: made if missing, locked against every other kinetype run
/// for as long as this object lives (`flock` on the folder itself, so no lock file is left), and
/// its manifest read once the lock is held. Two batches delivering into one folder therefore run
/// one after the other, and the folder always ends as one of them left it.
final class DeliveryFolder {
    let folder: URL
    /// How messages name the folder: as the user gave it.
    let displayName: String
    private(set) var manifest: DeliveryManifest
    private let descriptor: Int32
    /// The folders this run made (the delivery folder itself, resource folders), removed again
    /// when they stay empty because the run failed.
    private let madeFolders = ParentFolders()

    /// - Parameters:
    ///   - waiting: called once when another run holds the folder and this one starts waiting.
    ///   - isCancelled: polled while waiting; when it returns true the wait ends with
    ///     `CancellationError` and nothing was written.
    /// - Throws: `.cannotWrite` when the folder cannot be made or opened, or its manifest cannot
    ///   be read; `CancellationError`.
    init(_ folder: URL, waiting: () -> Void = {}, isCancelled: () -> Bool = { false }) throws {
        self.folder = folder
        self.displayName = OutputError.displayPath(folder)
        try madeFolders.make(for: [folder.appendingPathComponent(DeliveryManifest.fileName)])
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            madeFolders.removeEmpty()
            throw OutputError.cannotWrite(folder, errno: code)
        }
        var toldWaiting = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                madeFolders.removeEmpty()
                throw OutputError.cannotWrite(folder, errno: code)
            }
            if isCancelled() {
                close(descriptor)
                madeFolders.removeEmpty()
                throw CancellationError()
            }
            if !toldWaiting {
                waiting()
                toldWaiting = true
            }
            usleep(20_000)
        }
        self.descriptor = descriptor
        do {
            manifest = try Self.readManifest(in: folder)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }

    private static func readManifest(in folder: URL) throws -> DeliveryManifest {
        let url = folder.appendingPathComponent(DeliveryManifest.fileName)
        let data: Data
        do throws(InputFileError) {
            data = try RegularFile.read(url.path, limit: RegularFile.documentLimit)
        } catch .missing {
            return DeliveryManifest()
        } catch {
            throw unreadableManifest(url, reason: "the file \(error.reason)")
        }
        guard let manifest = try? JSONDecoder().decode(DeliveryManifest.self, from: data),
            manifest.format == DeliveryManifest.formatName, manifest.version == 1
        else {
            throw unreadableManifest(url, reason: "it is not a manifest this kinetype wrote")
        }
        return manifest
    }

    private static func unreadableManifest(_ url: URL, reason: String) -> DiagnosticList {
        Diagnostic(
            kind: .cannotWrite,
            message: "cannot read \(OutputError.displayPath(url)), the list of files kinetype wrote there: "
                + "\(reason); nothing was changed",
            hint: "remove it if it is damaged: kinetype then replaces only files whose bytes it would write anyway"
        ).fail()
    }

    /// Makes the missing folders above `files`.
    func makeFolders(for files: [URL]) throws { try madeFolders.make(for: files) }

    /// Removes the folders this run made that are still empty (after a failure).
    func removeFoldersItMade() { madeFolders.removeEmpty() }

    /// The URL of `path` inside the folder.
    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    /// `App.xcassets/card.dataset/card.gif`, for messages.
    func display(_ path: String) -> String { JSONText.unquotedPath(displayName + "/" + path) }

    /// What is at `path` now, as far as replacing it goes.
    enum Standing: Equatable {
        /// Nothing: it may be written.
        case absent
        /// A regular file with these bytes (their SHA-256).
        case file(hash: String)
        /// Something else (a folder, a link, a FIFO …): never kinetype's.
        case other
    }

    func standing(of path: String) -> Standing {
        let url = url(path)
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return .absent }
        guard (status.st_mode & S_IFMT) == S_IFREG, let hash = Self.hash(of: url) else { return .other }
        return .file(hash: hash)
    }

    /// Whether kinetype wrote the file at `path` with the bytes `hash` stands for.
    func wrote(_ path: String, hash: String) -> Bool { manifest.files[path]?.contains(hash) ?? false }

    /// Writes the manifest with `files` changed (a path to nil is removed), at once, atomically.
    func record(_ changes: [String: [String]?]) throws {
        var next = manifest
        for (path, hashes) in changes { next.files[path] = hashes }
        guard next != manifest else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(next), to: url(DeliveryManifest.fileName))
        manifest = next
    }

    /// The SHA-256 of a regular file's bytes, read a MiB at a time; nil when it cannot be read.
    static func hash(of url: URL) -> String? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            hasher.update(buffer[0..<count])
        }
        return hasher.hexDigest()
    }
}
