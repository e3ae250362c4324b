import Foundation

/// The alt text of a batch's outputs as Android string resources (`batch --android-res`), one file
/// per locale, `values[-<locale>]/kinetype_strings.xml`, so an app sets an animation's content
/// description from the same build: `R.string.notes_description` next to `R.raw.notes`.
///
/// The file is kinetype's own rather than the app's `strings.xml`: Android merges every file of a
/// `values` folder, and kinetype never replaces a file it did not write, so a batch into an app's
/// `res/` that already has its `strings.xml` would otherwise be refused.
///
/// - A string's name is the output's resource name with `_description`; its text is the entry's
///   alt text (`AltText`: what the animation shows at its end, each text layer a line), escaped
///   as `aapt` reads a string (XML entities, then `\'`, `\"`, `\\`, `\n` and a leading `@` or `?`)
///   and marked `formatted="false"`, so a `%` in it is text, not a format.
/// - The folder is the entry's locale qualifier (as the outputs'); the default locale's strings
///   (`--default-locale`) and those of entries without a locale go in `values/`.
/// - An entry whose animation shows no text at its end gets no string: the app should mark the
///   view as decorative (`importantForAccessibility="no"`) rather than read out an empty label.
enum AndroidContentDescriptions {
    /// The file's name in each `values` folder.
    static let fileName = "kinetype_strings.xml"

    /// What a description's resource name gets after the output's: `R.string.notes_description`.
    static let suffix = "_description"

    /// One `strings.xml`: its folder under `res/` (`values-ar`) and its bytes.
    struct File: Equatable {
        var folder: String
        var data: Data
    }

    /// The string files of the finished outcomes, by folder, sorted; none when no outcome has text.
    static func files(of outcomes: [BatchOutcome], defaultLocale: String?) -> [File] {
        var strings: [String: [String: String]] = [:]
        for outcome in outcomes where outcome.status != .failed {
            guard let text = outcome.altText, !text.isEmpty else { continue }
            let name = AndroidResources.resourceName(entry: outcome.name, locale: outcome.locale) + suffix
            var folders: [String] = []
            if let locale = outcome.locale {
                folders.append("values-" + AndroidResources.localeQualifier(locale))
                if locale == defaultLocale { folders.append("values") }
            } else {
                folders.append("values")
            }
            for folder in folders where strings[folder]?[name] == nil {
                strings[folder, default: [:]][name] = text
            }
        }
        return strings.keys.sorted().map { folder in
            let entries = strings[folder] ?? [:]
            var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            xml += "<!-- Written by kinetype: what each animation shows at its end, for its contentDescription. -->\n"
            xml += "<resources>\n"
            for name in entries.keys.sorted() {
                xml += "    <string name=\"\(name)\" formatted=\"false\">\(escaped(entries[name] ?? ""))</string>\n"
            }
            xml += "</resources>\n"
            return File(folder: folder, data: Data(xml.utf8))
        }
    }

    /// `text` as the character data of an Android string resource.
    static func escaped(_ text: String) -> String {
        var out = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "@" where index == 0, "?" where index == 0: out += "\\" + String(scalar)
            default:
                // XML 1.0 holds no other control character.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
