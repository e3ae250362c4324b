/// A typewriter with its start resolved, turning a moment into the text, reveal and cursor of a
/// `TextState`.
///
/// Layout: in `stable` mode the final text is laid out whenever the typed text is a prefix of it
/// (always, without a script), with the untyped rest hidden in place; otherwise, and always in
/// `flow` mode, only the typed text is laid out. Fading units (`fadeIn`) are always the last ones.
///
/// Cursor: visible and steady while typing (from the start to the last key press); blinking
/// otherwise, visible for the first half of each `blink` period, with the phase counted from the
/// last key press (before the start, from the scene start). `hideWhenDone` hides it that many
/// seconds after the last key press. Default widths: 2 pt for a bar; 0 for block and underline,
/// which tells the renderer to use the advance of the character under the cursor (or of a space
/// at the end of the text).
struct ScheduledTypewriter: Sendable {
    let start: Double
    let schedule: TypewriterSchedule
    let mode: TypewriterMode
    let cursor: Cursor?

    static let defaultBarWidth = 2.0

    struct Frame: Equatable {
        var runs: [TextRun]
        var reveal: TextReveal?
        var cursor: CursorState?
    }

    func frame(at time: Double, styled: StyledText, textColor: Color) -> Frame {
        let localTime = time - start
        let visible = schedule.visibleUnits(atLocalTime: localTime)
        let alwaysFinalText = mode == .stable && schedule.isAppendOnly
        let typed = alwaysFinalText ? "" : visible.map(\.unit.text).joined()
        var opaqueCount = 0
        var fading: [Double] = []
        var countedCharacters = 0
        for (unit, alpha) in visible {
            if alpha >= 1 && fading.isEmpty {
                opaqueCount = unit.characterCount
            } else {
                fading += Array(repeating: alpha, count: max(0, unit.characterCount - countedCharacters))
            }
            countedCharacters = unit.characterCount
        }
        let typedCount = countedCharacters

        let laysOutFinalText = alwaysFinalText || (mode == .stable && schedule.finalText.hasPrefix(typed))
        let laidOut = laysOutFinalText ? schedule.finalText : typed
        let laidOutCount = laysOutFinalText ? schedule.finalCharacterCount : typedCount
        let reveal = opaqueCount == laidOutCount ? nil : TextReveal(opaqueCount: opaqueCount, fading: fading)
        return Frame(
            runs: styled.runs(layingOut: laidOut), reveal: reveal,
            cursor: cursorState(at: time, characterOffset: typedCount, textColor: textColor))
    }

    private func cursorState(at time: Double, characterOffset: Int, textColor: Color) -> CursorState? {
        guard let cursor else { return nil }
        let localTime = time - start
        let typingEnd = schedule.typingEnd
        let visible: Bool
        if let hide = cursor.hideWhenDone, localTime >= typingEnd + hide - TypewriterSchedule.timeTolerance {
            visible = false
        } else if localTime >= 0 && localTime <= typingEnd {
            visible = true
        } else {
            let phaseTime = localTime < 0 ? time : localTime - typingEnd
            visible = Self.blinkIsOn(phaseTime, period: cursor.blink)
        }
        let width = cursor.width ?? (cursor.shape == .bar ? Self.defaultBarWidth : 0)
        return CursorState(
            shape: cursor.shape, color: cursor.color ?? textColor, width: width,
            characterOffset: characterOffset, visible: visible)
    }

    /// On for the first half of each period; always on when the period is 0.
    static func blinkIsOn(_ time: Double, period: Double) -> Bool {
        guard period > 0 else { return true }
        var phase = time.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        if period - phase < TypewriterSchedule.timeTolerance { phase = 0 }
        return phase < period / 2 - TypewriterSchedule.timeTolerance
    }
}
