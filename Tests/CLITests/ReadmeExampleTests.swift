import Foundation
import XCTest

/// Every `kinetype` command in the README's shell examples runs as written, from a copy of the
/// repository's root, and ends as the README says (exit 0, or the `exit N` its comment names).
/// `make`, `scripts/…` and `git` lines are left to CI itself, which runs them; `kinetype preview`
/// (a server) to the preview's own tests.
final class ReadmeExampleTests: XCTestCase {
    /// One command of a README example: its text (continuation lines joined) and the exit status
    /// its comment promises.
    struct Example: Equatable {
        var command: String
        var expectedStatus: Int32
        var line: Int
    }

    /// The `kinetype …` commands of the ```sh blocks of `readme`.
    static func examples(in readme: String) -> [Example] {
        var examples: [Example] = []
        var inShell = false
        var pending: (text: String, line: Int)?
        for (number, raw) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell else { continue }
            if var continued = pending {
                continued.text += " " + line
                pending = continued
            } else if line.hasPrefix("kinetype ") || line.hasPrefix("source <(kinetype ") {
                pending = (line, number + 1)
            }
            guard let command = pending, !command.text.hasSuffix("\\") else {
                if let text = pending?.text { pending?.text = String(text.dropLast()) }
                continue
            }
            pending = nil
            // `kinetype preview` serves until Ctrl-C: PreviewBrowserTests run it, not this test.
            guard !command.text.hasPrefix("kinetype preview ") else { continue }
            examples.append(example(command.text, line: command.line))
        }
        return examples
    }

    private static func example(_ text: String, line: Int) -> Example {
        var status: Int32 = 0
        if let comment = text.range(of: " # "),
            let exit = text[comment.upperBound...].range(of: #"exit \d+"#, options: .regularExpression)
        {
            status = Int32(text[exit].dropFirst(5)) ?? 0
        }
        return Example(command: text, expectedStatus: status, line: line)
    }

    func testExtractionJoinsContinuationsAndReadsExpectedExits() {
        let readme = """
            ```sh
            kinetype render a.json -o .   # refused: exit 73
            kinetype batch t.json \\
              --data d.json
            make test
            ```
            ```json
            kinetype not shell
            ```
            """
        XCTAssertEqual(
            Self.examples(in: readme),
            [
                Example(command: "kinetype render a.json -o .   # refused: exit 73", expectedStatus: 73, line: 2),
                Example(command: "kinetype batch t.json  --data d.json", expectedStatus: 0, line: 3),
            ])
    }

    func testEveryReadmeExampleRuns() throws {
        let root = KinetypeProcess.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = Self.examples(in: readme)
        XCTAssertGreaterThanOrEqual(examples.count, 15, "the README's examples were found")

        let work = try KinetypeProcess.temporaryFolder(self)
        for folder in ["Templates", "docs", "Benchmarks"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent(folder), to: work.appendingPathComponent(folder))
        }
        let home = work.appendingPathComponent("home")
        for folder in [".config/fish/completions", ".zfunc"] {
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["KINETYPE_RECORD"] = nil
        environment["HOME"] = home.path
        environment["PATH"] =
            KinetypeProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")

        for example in examples {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", example.command]
            process.currentDirectoryURL = work
            process.environment = environment
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(
                process.terminationStatus, example.expectedStatus,
                "README.md:\(example.line): \(example.command)\n\(message)")
        }
    }
}
