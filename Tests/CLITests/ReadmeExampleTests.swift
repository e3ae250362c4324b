import Foundation
import TestSupport
import XCTest

/// Every `kinetype` command in the shell examples of the manual (README.md and docs/*.md) runs as
/// written, from a copy of the repository's root, and ends as the page says (exit 0, or the `exit N` its comment names).
/// A here-document (`<<'EOF'` … `EOF`) is part of its command. `kinetype preview` serves until
/// stopped: it must print its address, and Ctrl-C must end it with the exit its text promises.
/// `make`, `scripts/…` and `git` lines are left to CI itself, which runs them.
final class ReadmeExampleTests: XCTestCase {
    /// One command of a README example: its text (continuation lines joined) and the exit status
    /// its comment promises.
    struct Example: Equatable {
        var command: String
        var expectedStatus: Int32
        var line: Int
        /// The page it is on (`README.md`, `docs/commands.md`).
        var page = "README.md"
    }

    /// The `kinetype …` commands of the ```sh blocks of `readme`.
    static func examples(in readme: String) -> [Example] {
        var examples: [Example] = []
        var inShell = false
        var pending: (text: String, line: Int)?
        var hereDocument: (command: Example, end: String)?
        for (number, raw) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if var open = hereDocument {
                open.command.command += "\n" + raw
                hereDocument = line == open.end ? nil : open
                if hereDocument == nil { examples.append(open.command) }
                continue
            }
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
            let parsed = example(command.text, line: command.line)
            if let marker = command.text.range(of: #"<<'?[A-Z]+'?"#, options: .regularExpression) {
                let end = command.text[marker].dropFirst(2).filter { $0 != "'" }
                hereDocument = (parsed, String(end))
            } else {
                examples.append(parsed)
            }
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
            kinetype render - -o t.mov <<'EOF'
            {"version": 1}
            EOF
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
                Example(
                    command: "kinetype render - -o t.mov <<'EOF'\n{\"version\": 1}\nEOF", expectedStatus: 0, line: 6),
            ])
    }

    /// The scene the front page shows is the file its command renders.
    func testTheFrontPagesFirstSceneIsTheExampleFile() throws {
        let readme = try String(contentsOf: Manual.root.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(
            contentsOf: Manual.root.appendingPathComponent("docs/examples/first-scene.json"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```json\n"), "the README shows a scene")
        let end = try XCTUnwrap(readme[start.upperBound...].range(of: "```\n"))
        XCTAssertEqual(String(readme[start.upperBound..<end.lowerBound]), file)
        XCTAssertTrue(readme.contains("kinetype render docs/examples/first-scene.json -o Output/first-scene.gif"))
    }

    /// The first screen of the front page reaches a first render, before the feature list: the
    /// install, then one `kinetype render` of a file in this repository (#40).
    func testTheFrontPagesFirstScreenInstallsAndRendersBeforeTheFeatures() throws {
        let readme = try String(contentsOf: Manual.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let install = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("make install") }, "the README installs")
        let render = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("kinetype render ") }, "the README renders")
        let features = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("- **") }, "the README lists features")
        XCTAssertLessThan(install, render)
        XCTAssertLessThan(render, features, "the first render comes before the feature list")
        XCTAssertLessThan(render, 24, "on the first screen")
        let scene = try XCTUnwrap(lines[render].split(separator: " ").dropFirst(2).first.map(String.init))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: Manual.root.appendingPathComponent(scene).path),
            "\(scene) is a file of the repository")
        XCTAssertEqual(
            Self.examples(in: readme).first?.command, lines[render], "and it is an example the suite runs")
    }

    /// `make demo` says "Wrote Output/hello.gif" once: kinetype says it, the Makefile does not echo it.
    func testMakeDemoSaysWhatItWroteOnce() throws {
        let plan = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/make"), ["-n", "-s", "demo"], in: Manual.root,
            environment: ["MAKEFLAGS": ""])
        XCTAssertEqual(plan.status, 0, plan.stderrText)
        XCTAssertFalse(
            plan.stdoutText.contains("echo \"Wrote"), "the Makefile echoes no Wrote line:\n\(plan.stdoutText)")
        XCTAssertTrue(
            plan.stdoutText.contains("kinetype render Templates/hello.json -o Output/hello.gif"), plan.stdoutText)
    }

    /// The front page's examples, in a copy of the repository of their own.
    func testEveryReadmeExampleRuns() throws {
        let examples = try Self.manualExamples().filter { $0.page == "README.md" }
        XCTAssertGreaterThanOrEqual(examples.count, 5, "the README's examples were found")
        try run(examples)
    }

    /// The reference's examples (docs/), in a copy of the repository of their own, so that they
    /// run beside the front page's.
    func testEveryReferenceExampleRuns() throws {
        let examples = try Self.manualExamples().filter { $0.page != "README.md" }
        XCTAssertGreaterThanOrEqual(examples.count, 35, "the reference's examples were found")
        try run(examples)
    }

    /// Every example of the manual, page by page.
    static func manualExamples() throws -> [Example] {
        try Manual.texts().flatMap { page, text in
            examples(in: text).map { example in
                var example = example
                example.page = Manual.name(of: page)
                return example
            }
        }
    }

    /// Runs `examples` in order in a fresh copy of the repository's templates, docs and benchmarks.
    private func run(_ examples: [Example]) throws {
        let root = KinetypeProcess.packageRoot

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

        func shell(_ script: String) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = work
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            return process
        }
        for example in examples where example.command.hasPrefix("kinetype preview ") {
            try runServer(example, in: shell("exec " + example.command))
        }
        for example in examples where !example.command.hasPrefix("kinetype preview ") {
            let result = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", example.command], in: work, environment: environment,
                unset: ["CI", "KINETYPE_RECORD"], stdout: .discarded)
            XCTAssertEqual(
                result.status, example.expectedStatus,
                "\(example.page):\(example.line): \(example.command)\n\(result.stderrText)")
        }
    }

    /// Starts a serving example, waits for the address it prints, then stops it as a user would
    /// (Ctrl-C): it must have served and must end with exit 0.
    private func runServer(_ example: Example, in process: Process) throws {
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // A server that never prints its address must fail the test, not hang it.
        HangGuard.terminate(process, after: 60)
        var printed = ""
        while !printed.contains("http://127.0.0.1:") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertTrue(
            printed.contains("http://127.0.0.1:"), "\(example.page):\(example.line): \(example.command)\n\(printed)")
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(
            process.terminationStatus, example.expectedStatus,
            "\(example.page):\(example.line): \(example.command) after Ctrl-C\n\(printed)")
    }
}
