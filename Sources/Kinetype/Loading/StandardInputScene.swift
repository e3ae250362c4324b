import Foundation

extension SceneSource {
    /// How diagnostics name a scene read from standard input.
    public static let standardInputName = "<stdin>"

    /// The scene on standard input (`kinetype render -`), read with the size cap of a scene file;
    /// its relative font and image paths resolve against the current folder.
    /// - Throws: a `.usage` Diagnostic when standard input is a terminal; `.invalidScene` (65) when it
    ///   holds more than `RegularFile.documentLimit` bytes; `.missingInput` (66) when it cannot be read.
    public static func standardInput() throws -> SceneSource {
        let name = standardInputName
        let data: Data
        do throws(InputFileError) {
            data = try StandardInput.read(limit: RegularFile.documentLimit)
        } catch .notRegular("a terminal") {
            throw Diagnostic(
                kind: .usage,
                message: "the scene \"-\" is read from standard input, which is a terminal",
                hint: "pipe a scene in: cat scene.json | kinetype render - -o out.gif"
            ).fail()
        } catch .tooLarge(_, let limit) {
            throw DiagnosticList([
                Diagnostic(
                    kind: .invalidScene, file: name,
                    message:
                        "the scene on standard input is larger than \(RegularFile.describe(bytes: limit)), the limit for a scene"
                )
            ])
        } catch {
            throw DiagnosticList([
                Diagnostic(kind: error.kind, file: name, message: "the scene on standard input \(error.reason)")
            ])
        }
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return .bytes(data, displayName: name, baseDirectory: folder)
    }
}
