import Foundation
import Kinetype

/// Inputs named on the command line that may be pipes (`NamedInput`): `--data -`, `--data <(jq …)`,
/// a template or scene that is a FIFO. Each is read once, whole, within the size limit of a scene
/// file, and a problem is a diagnostic naming it as the user did.
enum NamedInputArguments {
    /// How messages name `path`: `<stdin>` for `-`, else the path as given.
    static func displayName(_ path: String) -> String {
        path == NamedInput.standardInputPath ? SceneSource.standardInputName : path
    }

    /// The bytes at `path` (`-` is standard input); `what` names the input in messages (`the data`)
    /// and `option` the option it was given with, if any (`--data`).
    /// - Throws: `.usage` when `-` is a terminal, `.invalidScene` (65) past the size limit,
    ///   `.missingInput` (66) when it cannot be read.
    static func read(_ path: String, as what: String, option: String?) throws -> Data {
        let shown = displayName(path)
        do throws(InputFileError) {
            return try NamedInput.read(path, limit: RegularFile.documentLimit)
        } catch .notRegular("a terminal") {
            let given = option.map { "\($0) -" } ?? "-"
            throw Diagnostic(
                kind: .usage,
                message: "\(given) reads \(what) from standard input, which is a terminal",
                hint: "pipe it in (jq … | kinetype …), or name a file"
            ).fail()
        } catch .tooLarge(_, let limit) {
            throw Diagnostic(
                kind: .invalidScene, file: shown,
                message:
                    "\(what) is larger than \(RegularFile.describe(bytes: limit)), the limit for a scene or data file"
            ).fail()
        } catch {
            throw Diagnostic(
                kind: error.kind, file: shown,
                message: "cannot read \(JSONText.unquotedPath(shown)): the file \(error.reason)"
            ).fail()
        }
    }
}
