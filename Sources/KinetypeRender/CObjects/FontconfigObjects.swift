import CPangoCairo
import KinetypeCore

// Owned fontconfig objects; each `deinit` destroys what its initializer created. Patterns read
// out of a font set or a configuration (`FcConfigGetFonts`, `set.pointee.fonts`) are lent by
// their owner and are not wrapped.

/// A private fontconfig configuration.
final class FontconfigConfig {
    let pointer: OpaquePointer

    init() throws(DiagnosticList) {
        guard let config = FcConfigCreate() else {
            throw DiagnosticList([
                Diagnostic(kind: .renderFailure, message: "fontconfig could not create a configuration")
            ])
        }
        pointer = config
    }

    private init(owning pointer: OpaquePointer) { self.pointer = pointer }

    /// A configuration with the system's rules (fonts.conf: aliases, generic families) and no fonts.
    static func systemRules() throws(DiagnosticList) -> FontconfigConfig {
        guard let config = FcInitLoadConfig() else {
            throw DiagnosticList([
                Diagnostic(kind: .renderFailure, message: "fontconfig could not read the system's configuration")
            ])
        }
        return FontconfigConfig(owning: config)
    }

    deinit { FcConfigDestroy(pointer) }
}

/// A fontconfig font set (a list of patterns it owns).
final class FontconfigFontSet {
    let pointer: UnsafeMutablePointer<FcFontSet>

    /// An empty set, or nil when fontconfig is out of memory.
    init?() {
        guard let set = FcFontSetCreate() else { return nil }
        pointer = set
    }

    deinit { FcFontSetDestroy(pointer) }
}

/// A fontconfig pattern this wrapper owns (created, or returned by a match).
final class FontconfigPattern {
    let pointer: OpaquePointer

    /// An empty pattern, or nil when fontconfig is out of memory.
    init?() {
        guard let pattern = FcPatternCreate() else { return nil }
        pointer = pattern
    }

    /// Takes ownership of a pattern fontconfig returned (e.g. from `FcFontMatch`).
    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { FcPatternDestroy(pointer) }
}
