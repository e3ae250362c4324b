import Foundation
import Kinetype
import XCTest

@testable import kinetype

/// The option parser on its own: each kind's conversion and errors, did-you-mean, repeatable
/// options and shared groups, without running the tool.
final class OptionParsingTests: XCTestCase {
    private enum Mode: String, CaseIterable { case none, ordered, diffusion }

    private static let number = Option(.fps, .number(1...120), help: "Frames per second.")
    private static let integer = Option(.jobs, short: "j", .integer(1...256), help: "Jobs.")
    private static let choice = Option(.dither, .choice(Mode.self), help: "Dithering.")
    private static let list = Option(.scale, .list(of: .number(1...4), example: "1,2,3"), help: "Scales.")
    private static let assignment = Option(.set, .assignment, repeatable: true, help: "Placeholders.")
    private static let path = Option(.output, short: "o", .path(), help: "Output.")
    private static let flag = Flag(.quiet, short: "q", help: "Quiet.")

    private func parse(_ arguments: [String]) throws -> ParsedArguments {
        let options = [
            Self.number.spec, Self.integer.spec, Self.choice.spec, Self.list.spec, Self.assignment.spec,
            Self.path.spec, Self.flag.spec,
        ]
        return try ArgumentParser(command: "test", options: options).parse(arguments)
    }

    private func usageMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as DiagnosticList {
            XCTAssertEqual(error.first?.kind, .usage)
            XCTAssertEqual(error.first?.usageFollowUp, .commandHelp("test"))
            return error.first?.message
        } catch {
            XCTFail("unexpected \(error)")
            return nil
        }
    }

    // MARK: Kinds

    func testNumbersAreInclusiveRangesOfFiniteValues() throws {
        XCTAssertEqual(try parse(["--fps", "1"])[Self.number], 1)
        XCTAssertEqual(try parse(["--fps=120"])[Self.number], 120)
        XCTAssertEqual(try parse(["--fps", "29.97"])[Self.number], 29.97)
        XCTAssertNil(try parse([])[Self.number])
        for bad in ["0.999", "120.5", "abc", "", "nan", "inf", "-inf", "1e999"] {
            XCTAssertEqual(
                usageMessage { _ = try parse(["--fps", bad])[Self.number] },
                "--fps takes a number from 1 to 120, found \"\(bad)\"")
        }
    }

    func testAFormatRangeGivesItsBounds() throws {
        let option = Option(.fps, .number(FormatRanges.fps), help: "Frames per second.")
        XCTAssertEqual(option.spec.help, "Frames per second. [1…120]")
        XCTAssertEqual(option.kind.convert("120"), 120)
        XCTAssertNil(option.kind.convert("121"))
    }

    func testIntegersRefuseFractionsAndBounds() throws {
        XCTAssertEqual(try parse(["-j", "4"])[Self.integer], 4)
        XCTAssertEqual(try parse(["-j4"])[Self.integer], 4)
        XCTAssertEqual(try parse(["--jobs=256"])[Self.integer], 256)
        for bad in ["0", "257", "2.5", "four", "99999999999999999999"] {
            XCTAssertEqual(
                usageMessage { _ = try parse(["--jobs", bad])[Self.integer] },
                "--jobs takes a whole number from 1 to 256, found \"\(bad)\"")
        }
        XCTAssertEqual(Self.integer.spec.help, "Jobs. [1…256]")
        XCTAssertEqual(Option(.maxFrames, .integer(1...Int.max), help: "Limit.").spec.help, "Limit. [≥ 1]")
    }

    func testChoicesIgnoreCaseAndSuggestTheNearestValue() throws {
        XCTAssertEqual(try parse(["--dither", "ordered"])[Self.choice], .ordered)
        XCTAssertEqual(try parse(["--dither", "DIFFUSION"])[Self.choice], .diffusion)
        XCTAssertEqual(try parse(["--dither", "Ordered"])[Self.choice], .ordered)
        XCTAssertEqual(
            usageMessage { _ = try parse(["--dither", "orderd"])[Self.choice] },
            "--dither takes none, ordered or diffusion, found \"orderd\"; did you mean \"ordered\"?")
        XCTAssertEqual(
            usageMessage { _ = try parse(["--dither", "zigzag"])[Self.choice] },
            "--dither takes none, ordered or diffusion, found \"zigzag\"")
        XCTAssertEqual(Self.choice.spec.help, "Dithering. [none, ordered, diffusion]")
        XCTAssertEqual(Self.choice.spec.valueName, "MODE")
    }

    func testAHugeValueIsShortenedAndGetsNoSuggestion() throws {
        let huge = String(repeating: "o", count: 1_000_000)
        let message = usageMessage { _ = try parse(["--dither", huge])[Self.choice] }
        let shortened = "\"\(String(repeating: "o", count: 60))…\" (1000000 characters)"
        XCTAssertEqual(message, "--dither takes none, ordered or diffusion, found " + shortened)
    }

    func testControlsInAValueAreEscaped() throws {
        XCTAssertEqual(
            usageMessage { _ = try parse(["--fps", "1\u{202E}0\n\""])[Self.number] },
            "--fps takes a number from 1 to 120, found \"1\\u202E0\\n\\\"\"")
    }

    func testListsConvertEveryElementAndDropRepeats() throws {
        XCTAssertEqual(try parse(["--scale", "1,2,3"])[Self.list], [1, 2, 3])
        XCTAssertEqual(try parse(["--scale", "2, 1,2"])[Self.list], [2, 1])
        for bad in ["1,,2", "1,5", "", "1;2", "x"] {
            XCTAssertEqual(
                usageMessage { _ = try parse(["--scale", bad])[Self.list] },
                "--scale takes comma-separated numbers from 1 to 4, e.g. 1,2,3, found \"\(bad)\"")
        }
    }

    func testAssignmentsSplitAtTheFirstEqualsSign() throws {
        let parsed = try parse(["--set", "name=Ada", "--set", "eq=a=b", "--set", "empty="])
        XCTAssertEqual(
            try parsed.all(Self.assignment),
            [
                Assignment(name: "name", value: "Ada"), Assignment(name: "eq", value: "a=b"),
                Assignment(name: "empty", value: ""),
            ])
        for bad in ["novalue", "=value", ""] {
            XCTAssertEqual(
                usageMessage { _ = try parse(["--set", bad]).all(Self.assignment) },
                "--set takes NAME=VALUE, found \"\(bad)\"")
        }
    }

    func testPathsAndFlagsAreTakenAsGiven() throws {
        let parsed = try parse(["-o", "-", "-q"])
        XCTAssertEqual(try parsed[Self.path], "-")
        XCTAssertEqual(try parse(["--output=a=b.gif"])[Self.path], "a=b.gif")
        XCTAssertTrue(parsed[Self.flag])
        XCTAssertFalse(try parse([])[Self.flag])
    }

    func testCustomKindsUseTheirOwnSyntax() throws {
        let shard = SharedOptions.shard
        guard case .explicit(let parsed) = shard.kind.convert("2/4") else { return XCTFail("2/4 is a shard") }
        XCTAssertEqual(parsed, Shard(index: 2, count: 4))
        guard case .auto = shard.kind.convert("AUTO") else { return XCTFail("auto is a shard request") }
        XCTAssertEqual(
            shard.error(for: "5/4", command: "batch").first?.message,
            "--shard takes I/N with 1 ≤ I ≤ N ≤ 10000 (e.g. 2/4), or auto, found \"5/4\"")
        XCTAssertNotNil(shard.error(for: "1/10001", command: "batch").first, "a merge looks for every shard")
    }

    func testConversionIsLazySoAPositionalMistakeComesFirst() throws {
        let parsed = try parse(["--fps", "abc"])
        XCTAssertEqual(parsed.positionals, [])
        XCTAssertNotNil(usageMessage { _ = try parsed[Self.number] })
    }

    // MARK: Syntax

    func testRepeatableOptionsCollectAndOthersRefuseASecondValue() throws {
        XCTAssertEqual(try parse(["--set", "a=1", "--set=b=2"]).all("set"), ["a=1", "b=2"])
        XCTAssertEqual(
            usageMessage { _ = try parse(["--fps", "1", "--fps", "2"]) }, "option --fps is given more than once")
    }

    func testSyntaxErrors() throws {
        XCTAssertEqual(usageMessage { _ = try parse(["--fps"]) }, "option --fps needs a value (N)")
        XCTAssertEqual(usageMessage { _ = try parse(["--quiet=yes"]) }, "option --quiet takes no value")
        XCTAssertEqual(usageMessage { _ = try parse(["-x"]) }, "unknown option -x")
        XCTAssertEqual(usageMessage { _ = try parse(["-qx"]) }, "unknown option -qx")
    }

    func testUnknownOptionsSuggestTheNearestName() throws {
        XCTAssertEqual(
            usageMessage { _ = try parse(["--ouptut", "x"]) }, "unknown option --ouptut; did you mean --output?")
        XCTAssertEqual(
            usageMessage { _ = try parse(["--dithr=none"]) }, "unknown option --dithr; did you mean --dither?")
        XCTAssertEqual(usageMessage { _ = try parse(["--frobnicate"]) }, "unknown option --frobnicate")
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try parse(["--", "--fps", "-q"])
        XCTAssertEqual(parsed.positionals, ["--fps", "-q"])
        XCTAssertFalse(parsed[Self.flag])
    }

    func testRealCommandsSuggestTheirOwnOptions() throws {
        XCTAssertThrowsError(try RenderCommand.parser.parse(["s.json", "--qualty", "3"])) { error in
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message, "unknown option --qualty; did you mean --quality?")
        }
        XCTAssertEqual(topLevelOptionSuggestion(for: "--verison"), "; did you mean --version?")
        XCTAssertEqual(topLevelOptionSuggestion(for: "--frobnicate"), "; options go after a command")
    }

    // MARK: Groups

    func testEveryCommandTakesEachOptionOnce() {
        for command in allCommands {
            let names = command.allOptions.map(\.name)
            XCTAssertEqual(names.count, Set(names).count, "\(command.name) declares an option twice: \(names)")
            let shorts = command.allOptions.compactMap(\.short)
            XCTAssertEqual(shorts.count, Set(shorts).count, "\(command.name) declares a short name twice")
        }
    }

    func testSharedGroupsAreTheSameOptionsEverywhere() {
        for command in [RenderCommand.self, BatchCommand.self, VerifyCommand.self, ValidateCommand.self]
            as [any Command.Type]
        {
            let specs = Dictionary(uniqueKeysWithValues: command.allOptions.map { ($0.name, $0) })
            for name in ["set", "root", "quiet", "max-frames", "max-total-pixels"] {
                XCTAssertNotNil(specs[name], "\(command.name) lacks --\(name)")
            }
            XCTAssertEqual(specs["set"]?.repeatable, true)
            XCTAssertEqual(specs["quiet"]?.short, "q")
            XCTAssertEqual(specs["max-frames"]?.valueName, "N")
        }
        var takingJobs: Set<String> = []
        for command in allCommands where command.allOptions.contains(where: { $0.name == "jobs" && $0.short == "j" }) {
            takingJobs.insert(command.name)
        }
        XCTAssertEqual(takingJobs, ["render", "batch", "verify"])
    }

    func testPlaceholdersLaterValuesWin() throws {
        let parsed = try RenderCommand.parser.parse(["s.json", "--set", "a=1", "--set", "b=2", "--set", "a=3"])
        XCTAssertEqual(try parsed.placeholders(), ["a": "3", "b": "2"])
    }

    func testWorkLimitsDefaultAndOverride() throws {
        XCTAssertEqual(try ValidateCommand.parser.parse(["s.json"]).workLimits(), .standard)
        let limits = try ValidateCommand.parser.parse(["s.json", "--max-frames", "10", "--max-total-pixels=99"])
            .workLimits()
        XCTAssertEqual(limits, WorkLimits(maximumFrames: 10, maximumTotalPixels: 99))
        XCTAssertThrowsError(try ValidateCommand.parser.parse(["s.json", "--max-frames", "0"]).workLimits()) { error in
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message,
                "--max-frames takes a whole number from 1 to \(Int.max), found \"0\"")
            XCTAssertEqual((error as? DiagnosticList)?.first?.usageFollowUp, .commandHelp("validate"))
        }
    }

    func testRootMustBeAFolder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertNil(try InfoCommand.parser.parse(["s.json"]).inputRoot())
        XCTAssertNotNil(
            try InfoCommand.parser.parse(["s.json", "--root", file.deletingLastPathComponent().path]).inputRoot())
        XCTAssertThrowsError(try InfoCommand.parser.parse(["s.json", "--root", file.path]).inputRoot()) { error in
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message, "--root takes a folder, but \"\(file.path)\" is a file")
        }
    }
}
