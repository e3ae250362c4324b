import KinetypeCore
import XCTest

/// The one thrown error type: severities, how the exit status is chosen, and how a diagnostic prints.
final class DiagnosticListTests: XCTestCase {
    private let scene = SourceMap(
        fileName: "intro.json", positions: ["layers[1].easing": SourcePosition(line: 14, column: 9)])

    func testExitStatusIsTheMostSevereErrorKind() {
        let list = DiagnosticList([
            Diagnostic(kind: .renderFailure, message: "a"), Diagnostic(kind: .missingInput, message: "b"),
            Diagnostic(kind: .invalidScene, message: "c"),
        ])
        XCTAssertEqual(list.exitStatus, .missingInput)
        XCTAssertEqual(DiagnosticList(Diagnostic(kind: .usage, message: "u")).exitStatus, .usage)
        XCTAssertEqual(DiagnosticList(Diagnostic(kind: .cannotWrite, message: "w")).exitStatus, .cannotWrite)
    }

    func testWarningsAndNotesDoNotChooseTheExitStatus() {
        let list = DiagnosticList([
            Diagnostic(.warning, kind: .usage, message: "w"), Diagnostic(.note, kind: .missingInput, message: "n"),
            Diagnostic(kind: .cannotWrite, message: "e"),
        ])
        XCTAssertEqual(list.exitStatus, .cannotWrite)
        XCTAssertEqual(DiagnosticList(Diagnostic.warning("only a warning")).exitStatus, .failure)
    }

    func testExitStatusForAnyError() {
        struct Other: Error {}
        XCTAssertEqual(DiagnosticList.exitStatus(for: CancellationError()), .interrupted)
        XCTAssertEqual(DiagnosticList.exitStatus(for: Other()), .failure)
        XCTAssertEqual(
            DiagnosticList.exitStatus(for: scene.diagnostic(at: "layers[1].easing", "bad").fail()), .invalidInput)
    }

    /// The statuses are sysexits.h's, and the README's table lists each with its meaning.
    func testExitStatusesAreSysexitsAndTheReadmeListsThem() throws {
        XCTAssertEqual(
            ExitStatus.allCases.map(\.rawValue), [0, 1, 64, 65, 66, 73, 130],
            "EX_USAGE, EX_DATAERR, EX_NOINPUT, EX_CANTCREAT")
        try ReadmeSection.assertEqual("exit-codes", to: ExitStatus.markdownTable, source: "ExitStatus")
    }

    func testAnotherErrorBecomesOneRenderFailure() {
        struct Other: Error, CustomStringConvertible { var description: String { "it broke" } }
        let list = DiagnosticList(describing: Other())
        XCTAssertEqual(list.diagnostics, [Diagnostic(kind: .renderFailure, message: "it broke")])
        XCTAssertEqual(DiagnosticList(describing: list), list)
    }

    func testReportTextNamesTheSeverity() {
        let error = scene.diagnostic(at: "layers[1].easing", "unknown easing \"easyInOut\"", hint: "use easeInOut")
        XCTAssertEqual(
            error.reportText,
            "kinetype: error: intro.json:14:9: layers[1].easing: unknown easing \"easyInOut\"\n  hint: use easeInOut\n")
        XCTAssertEqual(Diagnostic.warning("frames were merged").reportText, "kinetype: warning: frames were merged\n")
        XCTAssertEqual(Diagnostic(.note, message: "see above").reportText, "kinetype: note: see above\n")
    }

    func testSeverityDefaultsToError() {
        XCTAssertEqual(Diagnostic(message: "x").severity, .error)
        XCTAssertEqual(Diagnostic.warning("x").severity, .warning)
        XCTAssertEqual(scene.diagnostic(at: "", "x").fail().first?.severity, .error)
    }

    func testTheSameProblemAtTheSamePlaceIsKeptOnceWithItsCount() {
        let repeated = scene.diagnostic(at: "layers[1].easing", "unknown easing")
        let list = DiagnosticList(
            Array(repeating: repeated, count: 120) + [scene.diagnostic(at: "layers[1].easing", "another")])
        XCTAssertEqual(list.diagnostics.count, 2)
        XCTAssertEqual(list.diagnostics[0].occurrences, 120)
        XCTAssertEqual(list.diagnostics[0].description, "intro.json:14:9: layers[1].easing: unknown easing (120 times)")
        XCTAssertEqual(list.diagnostics[1].description, "intro.json:14:9: layers[1].easing: another")
    }
}
