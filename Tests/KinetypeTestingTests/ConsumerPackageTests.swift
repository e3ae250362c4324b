import Foundation
import TestSupport
import XCTest

/// An app's package that depends on KinetypeTesting by version, as the docs show it (#40): made
/// against a tagged bare clone of this checkout (`from: "0.3.0"`), built, and run through
/// `assertScene`'s whole life — record, pass, fail with a review page, accept, pass — with the
/// `kinetype` on its `PATH`, its goldens in the documented place, `Tests/Goldens`, outside every
/// target. SwiftPM refuses a dependency resolved by version whose products use unsafe flags, and
/// warns about files a target neither declares nor excludes: neither may appear.
/// How long the build takes is not asserted (no test compares seconds); what it compiles is: the
/// one small module of KinetypeTesting, none of the renderer.
final class ConsumerPackageTests: XCTestCase {
    private var folder: URL!
    private var swift: URL!
    private var git: URL!

    override func setUpWithError() throws {
        folder = try ScratchFolder.make(for: self)
        guard let swift = ChildProcess.onPath("swift"), let git = ChildProcess.onPath("git") else {
            throw XCTSkip("needs swift and git on PATH")
        }
        self.swift = swift
        self.git = git
    }

    /// Runs a program in `directory`; its output (both streams) and status.
    @discardableResult
    private func run(
        _ program: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(
            program, arguments, in: directory, environment: environment,
            unset: ["CI", "KINETYPE", "KINETYPE_RECORD", "KINETYPE_OPTIMIZE_INNER_LOOPS"], timeout: 900)
        XCTAssertFalse(result.timedOut, "\(program.lastPathComponent) \(arguments) hung")
        return (result.status, result.stdoutText + result.stderrText)
    }

    /// This checkout as its 0.3.0 tag would hold it (every file git tracks or would track, as they
    /// are now), in a bare repository.
    private func taggedBareClone() throws -> URL {
        let root = BuiltKinetype.packageRoot
        let source = folder.appendingPathComponent("kinetype")
        let listed = try run(git, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root)
        XCTAssertEqual(listed.status, 0, listed.output)
        for path in listed.output.split(separator: "\0").map(String.init) {
            let from = root.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: from.path) else { continue } // deleted, not yet committed
            let to = source.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: from, to: to)
        }
        let identity = [
            "GIT_AUTHOR_NAME": "kinetype tests", "GIT_AUTHOR_EMAIL": "tests@kinetype.invalid",
            "GIT_COMMITTER_NAME": "kinetype tests", "GIT_COMMITTER_EMAIL": "tests@kinetype.invalid",
        ]
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "0.3.0"], ["tag", "0.3.0"]] {
            let step = try run(git, arguments, in: source, environment: identity)
            XCTAssertEqual(step.status, 0, "git \(arguments): \(step.output)")
        }
        let bare = folder.appendingPathComponent("kinetype.git")
        let clone = try run(git, ["clone", "-q", "--bare", source.path, bare.path], in: folder)
        XCTAssertEqual(clone.status, 0, clone.output)
        return bare
    }

    /// The app's package, as docs/golden-tests.md shows it, with a scene and a test of it.
    private func makeConsumer(dependingOn repository: URL) throws -> URL {
        let consumer = folder.appendingPathComponent("WhatsNew")
        let tests = consumer.appendingPathComponent("Tests/WhatsNewTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: consumer.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
        try Data(
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "WhatsNew",
                dependencies: [.package(url: "\(repository.absoluteString)", from: "0.3.0")],
                targets: [
                    .testTarget(
                        name: "WhatsNewTests", dependencies: [.product(name: "KinetypeTesting", package: "kinetype")]),
                ]
            )

            """.utf8
        ).write(to: consumer.appendingPathComponent("Package.swift"))
        try Data(
            """
            import KinetypeTesting
            import XCTest

            final class WhatsNewTests: XCTestCase {
                func testCard() {
                    assertScene("../../Scenes/card.json", matchesGoldensIn: "../Goldens", frames: .sample(every: 10))
                }

                /// The manual's shared-options form (docs/golden-tests.md): compiled here, not run.
                func sharedOptions() {
                    var card = SceneAssertion(scene: "../../Scenes/card.json", goldens: "../Goldens")
                    card.frames = .sample(every: 10)
                    card.maxDiffPixels = 4
                    for title in ["Notes", "Photos"] {
                        card.vars = ["title": title]
                        card.goldens = "../Goldens/\\(title)"
                        assertScene(card)
                    }
                }
            }

            """.utf8
        ).write(to: tests.appendingPathComponent("WhatsNewTests.swift"))
        try FileManager.default.copyItem(
            at: BuiltKinetype.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures/tiny.json"),
            to: consumer.appendingPathComponent("Scenes/card.json"))
        return consumer
    }

    func testAnAppPackageDependsOnKinetypeTestingByVersionAndRunsAssertScene() throws {
        let consumer = try makeConsumer(dependingOn: try taggedBareClone())
        // The installed kinetype is on PATH: here, the one this build made.
        let path =
            BuiltKinetype.url.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let environment = ["PATH": path]
        var everything = ""

        let build = try run(swift, ["build", "--build-tests"], in: consumer, environment: environment)
        everything += build.output
        XCTAssertEqual(build.status, 0, build.output)
        // What was compiled: the modules whose build folder holds object files.
        let products = consumer.appendingPathComponent(".build/debug")
        let compiled = try FileManager.default.contentsOfDirectory(atPath: products.path)
            .filter { name in
                name.hasSuffix(".build")
                    && ((try? FileManager.default.contentsOfDirectory(
                        atPath: products.appendingPathComponent(name).path)) ?? []).contains { $0.hasSuffix(".o") }
            }
            .map { String($0.dropLast(".build".count)) }.sorted()
        XCTAssertEqual(
            compiled.filter { !$0.hasPrefix("WhatsNew") }, ["KinetypeTesting"],
            "of kinetype, only KinetypeTesting is compiled: no renderer, no C library, no kinetype command")
        let sources = try FileManager.default.contentsOfDirectory(
            atPath: products.appendingPathComponent("KinetypeTesting.build").path
        ).filter { $0.hasSuffix(".swift.o") }
        XCTAssertLessThanOrEqual(sources.count, 5, "a few files: \(sources)")

        // The manifest a version gives an app, which does not ask for optimized inner loops as
        // `make test` does: no product has a target with unsafe flags, which SwiftPM refuses in a
        // dependency resolved by version.
        let manifest = try run(swift, ["package", "dump-package"], in: folder.appendingPathComponent("kinetype"))
        XCTAssertEqual(manifest.status, 0, manifest.output)
        XCTAssertFalse(manifest.output.contains("unsafeFlags"), "no unsafe flags anywhere: \(manifest.output)")
        // `make test` asks for -O in the debug builds of the modules with the pixel and byte loops.
        let asked = try run(
            swift, ["package", "dump-package"], in: folder.appendingPathComponent("kinetype"),
            environment: ["KINETYPE_OPTIMIZE_INNER_LOOPS": "1"])
        XCTAssertEqual(asked.status, 0, asked.output)
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as? [String: Any], asked.output)
        let optimized = try XCTUnwrap(document["targets"] as? [[String: Any]]).filter { target in
            let settings = try? JSONSerialization.data(withJSONObject: target["settings"] ?? [])
            return settings.map { String(decoding: $0, as: UTF8.self) }.map {
                $0.contains("unsafeFlags") && $0.contains("\"-O\"") && $0.contains("debug")
            } ?? false
        }.compactMap { $0["name"] as? String }
        XCTAssertEqual(optimized.sorted(), ["KinetypeCore", "KinetypeEncode"], "what make test optimizes")

        func test(_ extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
            let result = try run(
                swift, ["test", "--skip-build", "--disable-swift-testing"], in: consumer,
                environment: environment.merging(extra) { $1 })
            everything += result.output
            return result
        }
        let goldens = consumer.appendingPathComponent("Tests/Goldens")
        let recorded = try test()
        XCTAssertNotEqual(recorded.status, 0, "a run that records fails: \(recorded.output)")
        XCTAssertTrue(recorded.output.contains("card: recorded "), recorded.output)
        XCTAssertTrue(
            recorded.output.contains("golden frame(s) in \(goldens.path)/card; run the test again"), recorded.output)
        XCTAssertEqual(try test().status, 0, "the next run compares and passes")

        // The scene changes: the test fails, naming verify's review page and the accept command.
        let scene = consumer.appendingPathComponent("Scenes/card.json")
        let text = try String(contentsOf: scene, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"Hello\"", with: "\"Howdy\"").utf8).write(to: scene)
        let failed = try test()
        XCTAssertNotEqual(failed.status, 0, failed.output)
        let page = consumer.appendingPathComponent(".build/kinetype-verify-failures/card/report.html")
        XCTAssertTrue(failed.output.contains("card does not match its goldens in \(goldens.path)/card"), failed.output)
        XCTAssertTrue(failed.output.contains("Review page: \(page.path)"), failed.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), "the page is there")
        XCTAssertTrue(
            failed.output.contains(
                "If the change is intended, accept it: KINETYPE_RECORD=failed swift test --filter testCard"),
            failed.output)

        let accepted = try test(["KINETYPE_RECORD": "failed"])
        XCTAssertNotEqual(accepted.status, 0, "accepting records, and a run that records fails: \(accepted.output)")
        XCTAssertTrue(accepted.output.contains("card: recorded"), accepted.output)
        XCTAssertEqual(try test().status, 0, "and then it passes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: page.path), "a passing run removes the stale page")

        XCTAssertFalse(everything.contains("unhandled"), "no unhandled-files warning: \(everything)")
        XCTAssertFalse(everything.contains("unsafe"), "no unsafe flags: \(everything)")
        // SwiftPM reads the pkg-config files of kinetype's C libraries for every package that depends
        // on it, and says it drops the -pthread glib's has; that is the only warning there may be.
        let warnings = everything.split(separator: "\n").filter { $0.contains("warning:") }
            .filter { !$0.hasPrefix("warning: prohibited flag(s): -pthread") }
        XCTAssertEqual(warnings, [], "no warning but SwiftPM's about -pthread")
    }
}
