import Foundation
import Kinetype

/// The command line as the process received it. `CommandLine.arguments` decodes each argument with
/// U+FFFD for every byte that is not UTF-8, so `-o $'caf\xE9.gif'` would write `caf\u{FFFD}.gif` (and
/// could replace a file of that name) and a Latin-1 scene name would be reported missing; kinetype
/// reads the bytes itself and refuses such an argument.
enum RawArguments {
    /// The arguments after the program name.
    /// - Throws: a usage error (exit 64) for the first argument that is not valid UTF-8, naming its
    ///   position (`argument 4`, counted from the command) and showing its bytes (`caf\xE9.gif`).
    static func decoded(
        count: Int32 = ProcessArguments.count,
        values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = ProcessArguments.values
    ) throws(DiagnosticList) -> [String] {
        var arguments: [String] = []
        for position in 1..<max(1, Int(count)) {
            guard let value = values[position] else { break }
            let bytes = UnsafeRawBufferPointer(start: value, count: strlen(value))
            guard let argument = NameBytes.decoded(bytes) else {
                var problem = Diagnostic(
                    kind: .usage,
                    message:
                        "argument \(position) is not valid UTF-8 (\(NameBytes.escaped(bytes))); kinetype takes UTF-8 paths and names",
                    hint: "rename the file to a UTF-8 name, or set the terminal or script that runs kinetype to UTF-8")
                problem.usageFollowUp = .none
                throw problem.fail()
            }
            arguments.append(argument)
        }
        return arguments
    }
}
