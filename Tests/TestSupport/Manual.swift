import Foundation

/// The user's manual: README.md, the front page, and the reference pages in docs/. Tests that
/// check what the manual says (its examples run, its generated tables match the code) read it here.
public enum Manual {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, then every `docs/*.md` by name.
    public static var pages: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// A page's path from the package root, as messages name it (`docs/commands.md`).
    public static func name(of page: URL) -> String {
        String(page.path.dropFirst(root.path.count + 1))
    }

    /// Every page's text, in `pages` order.
    public static func texts() throws -> [(page: URL, text: String)] {
        try pages.map { ($0, try String(contentsOf: $0, encoding: .utf8)) }
    }
}
