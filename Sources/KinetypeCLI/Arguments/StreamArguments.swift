import Foundation
import Kinetype

/// How `-o` and `--format` together name the output format, and the checks for `-o -`.
enum StreamArguments {
    /// `--scale` names a pixel density, which vector formats do not have.
    static func checkScale(given: Bool, for format: OutputFormat, command: String) throws {
        guard given, format.traits.isVector else { return }
        throw DiagnosticList.usage(
            "\(CommandLineOption.scale.flag) does not apply to \(format.displayName): they are vector shapes, one "
                + "file for every "
                + "pixel density; leave \(CommandLineOption.scale.flag) out",
            command: command)
    }

    /// The format of `output` (`-` for standard output), with `named` (`--format`, any case):
    /// required for `-`, and otherwise it must agree with the path (a folder path agrees with `png`).
    static func format(output: String, named: String?, still: Bool, command: String) throws -> OutputFormat {
        guard output == "-" else {
            let format = try OutputFormat.infer(from: output, still: still)
            guard let named else { return format }
            let agrees =
                format.traits.isFolder
                ? named.lowercased() == "png" : (try? OutputFormat.named(named, still: still, output: "")) == format
            guard agrees else {
                throw DiagnosticList.usage(
                    "\(CommandLineOption.format.flag) \(JSONText.quoted(named)) does not match the output "
                        + "\(JSONText.quoted(output)); "
                        + "\(CommandLineOption.format.flag) names the format of -o -, and a path's extension names "
                        + "its own",
                    command: command)
            }
            return format
        }
        guard let named else {
            let streamable = OutputFormat.allCases.filter(\.traits.canStream).map { format in
                format.traits.isStill
                    ? "\(format.traits.name) with \(CommandLineOption.still.flag)" : format.traits.name
            }
            throw DiagnosticList.usage(
                "-o - writes to standard output, so name the format with \(CommandLineOption.format.flag): "
                    + streamable.joined(separator: ", "),
                command: command)
        }
        let format = try OutputFormat.named(named, still: still, output: "standard output (-o -)")
        if StandardStreams.outputWasClosed {
            throw Diagnostic(kind: .cannotWrite, message: "cannot write to standard output: it is closed").fail()
        }
        if isatty(STDOUT_FILENO) == 1 {
            throw DiagnosticList.usage(
                "-o - writes binary \(named.lowercased()) data to standard output, which is a terminal; "
                    + "redirect it to a file or a pipe (… -o - > out.\(named.lowercased()))",
                command: command)
        }
        return format
    }
}
