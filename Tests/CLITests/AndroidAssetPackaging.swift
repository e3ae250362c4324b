import Foundation
import TestSupport
import XCTest

/// Debian's Android Asset Packaging Tool (`aapt`, which `scripts/setup` installs): builds a `res`
/// folder into an APK as an app's build would, refusing what Android refuses (a name that is no
/// Java identifier, a folder qualifier it does not know), and lists every resource with the
/// configurations it has, in aapt's own spelling (`(default)`, `night-v8`, `b+zh+Hant+TW`,
/// `ar-ldrtl-night-xxhdpi-v8`).
enum AndroidAssetPackaging {
    struct Built {
        /// `raw/notes` → the configurations it has.
        var configurations: [String: [String]]
        /// aapt's own output, for messages.
        var log: String

        /// The resources no device in a left-to-right locale other than the localized ones, by
        /// day, finds: those without a configuration that has no locale, `ldrtl` or `night`.
        var withoutDefault: [String] {
            configurations.filter { !$0.value.contains(where: Self.isDefault) }.keys.sorted()
        }

        static func isDefault(_ configuration: String) -> Bool {
            if configuration == "(default)" { return true }
            let qualifiers = configuration.split(separator: "-").map(String.init)
            guard let first = qualifiers.first else { return true }
            let isLocale =
                first.hasPrefix("b+")
                || (2...3).contains(first.count) && first.allSatisfy(\.isLowercase)
                    && !["v4", "v8"].contains(first)
            return !isLocale && !qualifiers.contains("ldrtl") && !qualifiers.contains("night")
        }
    }

    /// aapt's executable; the test is skipped when there is none (scripts/setup installs it).
    static func executable() throws -> URL {
        for folder in ["/usr/bin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: folder + "/aapt") {
            return URL(fileURLWithPath: folder + "/aapt")
        }
        throw XCTSkip("aapt is not installed; scripts/setup installs it")
    }

    /// Builds `res` with a minimal manifest into an APK in `scratch`; fails the test with aapt's
    /// message when aapt refuses it.
    @discardableResult
    static func build(
        _ res: URL, in scratch: URL, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Built {
        let aapt = try executable()
        let work = scratch.appendingPathComponent("aapt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let manifest = work.appendingPathComponent("AndroidManifest.xml")
        try Data(
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.kinetype"/>"#
                .utf8
        ).write(to: manifest)
        let apk = work.appendingPathComponent("resources.apk")
        let package = try ChildProcess.run(
            aapt, ["package", "-f", "-M", manifest.path, "-S", res.path, "-F", apk.path])
        XCTAssertEqual(
            package.status, 0, "aapt package refused \(res.lastPathComponent): \(package.stderrText)", file: file,
            line: line)
        guard package.status == 0 else { return Built(configurations: [:], log: package.stderrText) }
        let dump = try ChildProcess.run(aapt, ["dump", "resources", apk.path])
        XCTAssertEqual(dump.status, 0, dump.stderrText, file: file, line: line)
        var configurations: [String: [String]] = [:]
        var configuration = ""
        for text in dump.stdoutText.split(separator: "\n") {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("config "), trimmed.hasSuffix(":") {
                configuration = String(trimmed.dropFirst("config ".count).dropLast())
            } else if trimmed.hasPrefix("resource "), let name = trimmed.split(separator: " ").dropFirst(2).first {
                // `com.example.kinetype:raw/notes:` → `raw/notes`.
                let resource = name.split(separator: ":").dropFirst().first.map(String.init) ?? String(name)
                configurations[resource, default: []].append(configuration)
            }
        }
        return Built(configurations: configurations, log: dump.stdoutText)
    }
}
