import Foundation
import Kinetype

/// How `-o` and `--format` together name the output format, and the checks for `-o -`.
enum StreamArguments {
    /// The format of `output` (`-` for standard output), with `named` (`--format`, any case):
    /// required for `-`, and otherwise it must agree with the path (a folder path agrees with `png`).
    static func format(output: String, named: String?, still: Bool, command: String) throws -> OutputFormat {
        guard output == "-" else {
            let format = try OutputFormat.infer(from: output, still: still)
            guard let named else { return format }
            let agrees =
                format == .pngSequence
                ? named.lowercased() == "png" : (try? OutputFormat.named(named, still: still, output: "")) == format
            guard agrees else {
                throw DiagnosticList.usage(
                    "--format \(JSONText.quoted(named)) does not match the output \(JSONText.quoted(output)); "
                        + "--format names the format of -o -, and a path's extension names its own",
                    command: command)
            }
            return format
        }
        guard let named else {
            throw DiagnosticList.usage(
                "-o - writes to standard output, so name the format with --format: gif, mp4, webm, mov, "
                    + "or png with --still",
                command: command)
        }
        if named.lowercased() == "png" && !still {
            throw DiagnosticList.usage(
                "PNG frames are a folder of files and cannot be written to standard output; "
                    + "give a folder (-o frames/), or add --still SECONDS for one PNG",
                command: command)
        }
        let format = try OutputFormat.named(named, still: still, output: "standard output (-o -)")
        guard format.canStream else {
            throw DiagnosticList.usage("this format cannot be written to standard output", command: command)
        }
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
