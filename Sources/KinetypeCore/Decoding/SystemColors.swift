/// Apple's system colors with their light and dark values, written `system.<name>` in a scene.
///
/// `<name>` is the UIKit name (`UIColor.systemRed`, `UIColor.label`) without a leading `system`,
/// first letter lowercased: `system.red`, `system.label`, `system.background`
/// (`systemBackground`), `system.secondarySystemBackground`. The values are sRGB, alpha where
/// UIKit's color has one, the "default" (not increased-contrast) variants, in one of two tables
/// (`Release`, the scene's `canvas.systemColors`):
///
/// - `ios26` (the default): the table of Apple's Human Interface Guidelines, Color, Specifications,
///   as updated on June 9, 2025 ("Updated system color values", iOS 26), cross-checked against
///   independent transcriptions of it (docs/scene-format.md names them and where they differ).
/// - `ios18`: the table before that update (iOS 15 to 18; mint, cyan and brown came in iOS 15), as
///   the HIG gave it from December 19, 2022, when it corrected dark mint to (99, 230, 226), and as
///   Flutter's `CupertinoColors` has it.
///
/// The label, background and separator colors are UIKit's dynamic colors, the same in both.
public enum SystemColors {
    /// Which platform release's values `system.*` colors take.
    public enum Release: String, CaseIterable, Sendable {
        /// iOS 26 (Apple's HIG since June 9, 2025): the default.
        case ios26
        /// iOS 15 to 18 (Apple's HIG before June 9, 2025).
        case ios18

        /// The table a scene gets when it names none.
        public static let current = Release.ios26
    }

    /// One named color.
    public struct Entry: Sendable {
        /// The name after `system.`.
        public let name: String
        /// The UIKit name it stands for.
        public let uiKitName: String
        /// The SwiftUI spelling, when SwiftUI has one (`Color.red`, `Color.primary`).
        public let swiftUIName: String?
        public let light: Color
        public let dark: Color

        /// The value in `scheme`.
        public func color(in scheme: ColorScheme) -> Color { scheme == .dark ? dark : light }
    }

    /// The prefix that marks a system color.
    public static let prefix = "system."

    /// Every system color of `release`, in the order of Apple's tables.
    public static func all(_ release: Release = .current) -> [Entry] {
        switch release {
        case .ios26: ios26
        case .ios18: ios18
        }
    }

    /// iOS 26 (HIG, June 9, 2025).
    static let ios26: [Entry] =
        [
            tint("red", light: (255, 56, 60), dark: (255, 66, 69)),
            tint("orange", light: (255, 141, 40), dark: (255, 146, 48)),
            tint("yellow", light: (255, 204, 0), dark: (255, 214, 0)),
            tint("green", light: (52, 199, 89), dark: (48, 209, 88)),
            tint("mint", light: (0, 200, 179), dark: (0, 218, 195)),
            tint("teal", light: (0, 195, 208), dark: (0, 210, 224)),
            tint("cyan", light: (0, 192, 232), dark: (60, 211, 254)),
            tint("blue", light: (0, 136, 255), dark: (0, 145, 255)),
            tint("indigo", light: (97, 85, 245), dark: (109, 124, 255)),
            tint("purple", light: (203, 48, 224), dark: (219, 52, 242)),
            tint("pink", light: (255, 45, 85), dark: (255, 55, 95)),
            tint("brown", light: (172, 127, 94), dark: (183, 138, 102)),
            tint("gray", light: (142, 142, 147), dark: (142, 142, 147)),
        ] + dynamic

    /// iOS 15 to 18 (HIG before June 9, 2025).
    static let ios18: [Entry] =
        [
            tint("red", light: (255, 59, 48), dark: (255, 69, 58)),
            tint("orange", light: (255, 149, 0), dark: (255, 159, 10)),
            tint("yellow", light: (255, 204, 0), dark: (255, 214, 10)),
            tint("green", light: (52, 199, 89), dark: (48, 209, 88)),
            tint("mint", light: (0, 199, 190), dark: (99, 230, 226)),
            tint("teal", light: (48, 176, 199), dark: (64, 200, 224)),
            tint("cyan", light: (50, 173, 230), dark: (100, 210, 255)),
            tint("blue", light: (0, 122, 255), dark: (10, 132, 255)),
            tint("indigo", light: (88, 86, 214), dark: (94, 92, 230)),
            tint("purple", light: (175, 82, 222), dark: (191, 90, 242)),
            tint("pink", light: (255, 45, 85), dark: (255, 55, 95)),
            tint("brown", light: (162, 132, 94), dark: (172, 142, 104)),
            tint("gray", light: (142, 142, 147), dark: (142, 142, 147)),
        ] + dynamic

    /// UIKit's dynamic label, background and separator colors, the same in both releases.
    private static let dynamic: [Entry] = [
        Entry(
            name: "label", uiKitName: "label", swiftUIName: "primary",
            light: rgba(0, 0, 0), dark: rgba(255, 255, 255)),
        Entry(
            name: "secondaryLabel", uiKitName: "secondaryLabel", swiftUIName: "secondary",
            light: rgba(60, 60, 67, 0.6), dark: rgba(235, 235, 245, 0.6)),
        Entry(
            name: "tertiaryLabel", uiKitName: "tertiaryLabel", swiftUIName: nil,
            light: rgba(60, 60, 67, 0.3), dark: rgba(235, 235, 245, 0.3)),
        Entry(
            name: "background", uiKitName: "systemBackground", swiftUIName: nil,
            light: rgba(255, 255, 255), dark: rgba(0, 0, 0)),
        Entry(
            name: "secondarySystemBackground", uiKitName: "secondarySystemBackground", swiftUIName: nil,
            light: rgba(242, 242, 247), dark: rgba(28, 28, 30)),
        Entry(
            name: "separator", uiKitName: "separator", swiftUIName: nil,
            light: rgba(60, 60, 67, 0.29), dark: rgba(84, 84, 88, 0.6)),
    ]

    /// Every spelling `system.<name>`, in table order (the same in every release).
    public static var names: [String] { all().map { prefix + $0.name } }

    /// The entry for `name` (without the prefix) in `release`, ignoring case.
    public static func entry(named name: String, in release: Release = .current) -> Entry? {
        let lowered = name.lowercased()
        return all(release).first { $0.name.lowercased() == lowered }
    }

    /// The entry a bare SwiftUI or UIKit name stands for, ignoring case: a UIKit name (`label`,
    /// `secondaryLabel`, `systemBackground`, `separator`, `systemRed`) or SwiftUI's semantic
    /// `primary` and `secondary`. SwiftUI's tints (`red`, `mint`) are not aliases: a bare `red` is
    /// CSS red, as it always was, so `systemRed` or `system.red` names Apple's.
    public static func alias(named name: String, in release: Release = .current) -> Entry? {
        let lowered = name.lowercased()
        let entries = all(release)
        return entries.first { $0.uiKitName.lowercased() == lowered }
            ?? entries.first { $0.swiftUIName != $0.name && $0.swiftUIName?.lowercased() == lowered }
    }

    /// Every bare name `alias(named:)` takes, in table order.
    public static var aliases: [String] {
        all().map(\.uiKitName) + all().compactMap { $0.swiftUIName != $0.name ? $0.swiftUIName : nil }
    }

    /// A likely intended spelling for an unknown `system.<name>`: the UIKit name written in full
    /// (`system.systemBackground`, `system.systemRed`), or the nearest name by edit distance.
    static func suggestion(for name: String) -> String? {
        if let byUIKit = all().first(where: { $0.uiKitName.lowercased() == name.lowercased() })
            ?? all().first(where: { "system" + $0.name.lowercased() == name.lowercased() })
        {
            return prefix + byUIKit.name
        }
        return Suggestion.closest(to: name, among: all().map(\.name)).map { prefix + $0 }
    }

    private static func tint(_ name: String, light: (Int, Int, Int), dark: (Int, Int, Int)) -> Entry {
        Entry(
            name: name, uiKitName: "system" + name.prefix(1).uppercased() + name.dropFirst(), swiftUIName: name,
            light: rgba(light.0, light.1, light.2), dark: rgba(dark.0, dark.1, dark.2))
    }

    private static func rgba(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Double = 1) -> Color {
        Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }
}
