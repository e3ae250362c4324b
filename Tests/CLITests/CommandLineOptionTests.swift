import Foundation
import Kinetype
import XCTest

@testable import kinetype

/// `CommandLineOption` is the one spelling of every option (issue #44): each case is an option the
/// command takes, and the help prose, which spells options out, names only options that exist.
final class CommandLineOptionTests: XCTestCase {
    /// What `main.swift` reads before a command: `--version [--verbose]` (`--help` is every command's too).
    private let topLevel: Set<CommandLineOption> = [.version, .verbose, .help]

    private var declared: Set<CommandLineOption> {
        Set(allCommands.flatMap { $0.allOptions.map(\.option) })
    }

    func testEveryOptionIsDeclaredBySomeCommand() {
        let orphans = Set(CommandLineOption.allCases).subtracting(declared).subtracting(topLevel)
        XCTAssertEqual(orphans, [], "spellings no command declares: \(orphans.map(\.flag).sorted())")
    }

    func testEverySpellingIsLowercaseWordsJoinedByHyphens() {
        for option in CommandLineOption.allCases {
            XCTAssertNotNil(option.rawValue.wholeMatch(of: #/[a-z][a-z0-9]{0,}(-[a-z0-9]+){0,}/#), option.rawValue)
            XCTAssertEqual(option.flag, "--" + option.rawValue)
        }
    }

    /// The help texts and the overview spell options in prose: a renamed option fails here until
    /// the prose says the new name.
    func testTheHelpNamesOnlyOptionsThatExist() {
        let spellings = Set(declared.union(topLevel).map(\.flag))
        let texts =
            [("overview", HelpCommand.overview(width: 1000))] + allCommands.map { ($0.name, $0.help(width: 1000)) }
        for (name, text) in texts {
            for match in text.matches(of: #/--[a-z][a-z0-9-]{0,}/#) {
                XCTAssertTrue(spellings.contains(String(match.output)), "the help of \(name) names \(match.output)")
            }
        }
    }
}
