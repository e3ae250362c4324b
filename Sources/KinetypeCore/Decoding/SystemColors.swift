/// Apple's system colors with their light and dark values, written `system.<name>` in a scene.
///
/// `<name>` is the UIKit name (`UIColor.systemRed`, `UIColor.label`) without a leading `system`,
/// first letter lowercased: `system.red`, `system.label`, `system.background`
/// (`systemBackground`), `system.secondarySystemBackground`. The values are those of the iOS Human
/// Interface Guidelines' color table and of UIKit's dynamic colors (sRGB, alpha where UIKit's color
/// has one), the "default" (not increased-contrast) variants.
public enum SystemColors {
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

    /// Every system color, in the order of Apple's tables.
    public static let all: [Entry] = [
        tint("red", light: (255, 59, 48), dark: (255, 69, 58)),
        tint("orange", light: (255, 149, 0), dark: (255, 159, 10)),
        tint("yellow", light: (255, 204, 0), dark: (255, 214, 10)),
        tint("green", light: (52, 199, 89), dark: (48, 209, 88)),
        tint("mint", light: (0, 199, 190), dark: (102, 212, 207)),
        tint("teal", light: (48, 176, 199), dark: (64, 200, 224)),
        tint("cyan", light: (50, 173, 230), dark: (100, 210, 255)),
        tint("blue", light: (0, 122, 255), dark: (10, 132, 255)),
        tint("indigo", light: (88, 86, 214), dark: (94, 92, 230)),
        tint("purple", light: (175, 82, 222), dark: (191, 90, 242)),
        tint("pink", light: (255, 45, 85), dark: (255, 55, 95)),
        tint("brown", light: (162, 132, 94), dark: (172, 142, 104)),
        tint("gray", light: (142, 142, 147), dark: (142, 142, 147)),
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

    /// Every spelling `system.<name>`, in table order.
    public static var names: [String] { all.map { prefix + $0.name } }

    /// The entry for `name` (without the prefix), ignoring case.
    public static func entry(named name: String) -> Entry? {
        let lowered = name.lowercased()
        return all.first { $0.name.lowercased() == lowered }
    }

    /// The entry a bare SwiftUI or UIKit name stands for, ignoring case: a UIKit name (`label`,
    /// `secondaryLabel`, `systemBackground`, `separator`, `systemRed`) or SwiftUI's semantic
    /// `primary` and `secondary`. SwiftUI's tints (`red`, `mint`) are not aliases: a bare `red` is
    /// CSS red, as it always was, so `systemRed` or `system.red` names Apple's.
    public static func alias(named name: String) -> Entry? {
        let lowered = name.lowercased()
        return all.first { $0.uiKitName.lowercased() == lowered }
            ?? all.first { $0.swiftUIName != $0.name && $0.swiftUIName?.lowercased() == lowered }
    }

    /// Every bare name `alias(named:)` takes, in table order.
    public static var aliases: [String] {
        all.map(\.uiKitName) + all.compactMap { $0.swiftUIName != $0.name ? $0.swiftUIName : nil }
    }

    /// A likely intended spelling for an unknown `system.<name>`: the UIKit name written in full
    /// (`system.systemBackground`, `system.systemRed`), or the nearest name by edit distance.
    static func suggestion(for name: String) -> String? {
        if let byUIKit = all.first(where: { $0.uiKitName.lowercased() == name.lowercased() })
            ?? all.first(where: { "system" + $0.name.lowercased() == name.lowercased() })
        {
            return prefix + byUIKit.name
        }
        return Suggestion.closest(to: name, among: all.map(\.name)).map { prefix + $0 }
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
