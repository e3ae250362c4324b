import Foundation
import KinetypeEncode

/// The goldens `verify` writes for one scene's folder set, put in place as a whole: new goldens go
/// into a temporary folder beside the set (`AtomicFolder`) as they are rendered, and `commit`
/// completes it (the goldens kept from the old set, `environment.json`) and swaps it in at once,
/// or hands it to the run's `OutputGroup`. Until then the set on disk is exactly as it was, so an
/// interrupted, failed or discarded recording never changes a golden.
final class GoldenSetRecording {
    /// What the new set starts from.
    enum Basis {
        /// The old set's files, except `dropping`, plus what is written.
        case existingSet(dropping: Set<String>)
        /// Only what is written and what `keep` names.
        case empty
    }

    private let folder: URL
    private let basis: Basis
    private let group: OutputGroup?
    /// The new set, from the first file written until it is committed or discarded.
    private var temporary: AtomicFolder?
    private var written: Set<String> = []
    private var kept: [String] = []

    /// A recording for the set at `folder` (made, with its parent, when the set is committed).
    init(folder: URL, basis: Basis, group: OutputGroup?) {
        self.folder = folder
        self.basis = basis
        self.group = group
    }

    /// The names of the goldens written so far.
    var writtenNames: Set<String> { written }

    /// Writes the golden frame `name` into the temporary copy.
    func write(_ image: Image, named name: String) throws {
        try write(PNGCodec.encode(image), named: name)
        written.insert(name)
    }

    /// Writes `data` as the file `name` of the temporary copy; a failure names the file of the set.
    private func write(_ data: Data, named name: String) throws {
        let target = try start().appendingPathComponent(name)
        do {
            try data.write(to: target)
        } catch {
            throw OutputError.cannotWrite(folder.appendingPathComponent(name), error: error)
        }
    }

    /// Keeps the old set's golden `name` in the new set, unchanged.
    func keep(_ name: String) {
        kept.append(name)
    }

    /// Completes the new set with the kept goldens and `environment`, and puts it in place.
    func commit(environment: GoldenEnvironment) throws {
        _ = try start()
        switch basis {
        case .existingSet(let dropping):
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names
            where !dropping.contains(name) && !written.contains(name) && !name.hasPrefix(".")
                && name != GoldenVerifier.environmentFile
            {
                try temporary?.keep(name)
            }
        case .empty:
            for name in kept where !written.contains(name) { try temporary?.keep(name) }
        }
        try write(environment.encoded(), named: GoldenVerifier.environmentFile)
        try temporary.take()?.commit()
    }

    /// Drops everything recorded; the set on disk stays as it was.
    func discard() {
        temporary.take()?.discard()
    }

    /// The new set's temporary folder, made on first use.
    private func start() throws -> URL {
        if let url = temporary?.temporaryURL { return url }
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot create the golden folder \(OutputError.displayPath(parent)): "
                    + SystemError.reason(of: error),
                hint: SystemError.errno(of: error).flatMap(SystemError.hint(errno:))
            ).fail()
        }
        let made = try AtomicFolder(destination: folder, group: group)
        let url = made.temporaryURL
        temporary = consume made
        return url
    }
}
