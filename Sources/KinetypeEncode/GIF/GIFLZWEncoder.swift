/// GIF's LZW compression, written here rather than left to giflib so that each frame can use the
/// smallest code size its indices allow (giflib always uses the color table's) and so that the
/// table is cleared only when clearing pays.
///
/// The code stream: a clear code first, codes growing from `minimumCodeSize + 1` bits up to 12,
/// the end code last; bits packed from the least significant end. When the string table is full
/// (4,096 codes), GIF lets an encoder keep coding with it unchanged ("deferred clear"): decoders
/// stop adding strings until the next clear code. Whether to clear is decided by measuring: a
/// clear code is written when a fresh table, over the pixels it takes to fill, codes them in
/// fewer bits than the full table does; otherwise the full table is kept for that stretch and the
/// question is asked again after it. Text and flat areas keep a full table for long stretches;
/// a frame whose content changes (a gradient card's background, then its text) clears.
enum GIFLZWEncoder {
    /// The compressed bytes of `pixels` (every index below `1 << minimumCodeSize`), without the
    /// code-size byte and the sub-block framing.
    static func encode(_ pixels: [UInt8], minimumCodeSize: Int, scratch: GIFLZWScratch? = nil) -> [UInt8] {
        encode(pixels, minimumCodeSize: minimumCodeSize, unlessLongerThan: .max, scratch: scratch)!
    }

    /// `encode(_:minimumCodeSize:)`, or nil as soon as the bytes would be more than `limit`:
    /// choosing among renditions, one that cannot win is not coded to its end. `scratch` lends
    /// its tables to one encode at a time, so the renditions of a frame share them.
    static func encode(
        _ pixels: [UInt8], minimumCodeSize: Int, unlessLongerThan limit: Int, scratch: GIFLZWScratch? = nil
    ) -> [UInt8]? {
        let scratch = scratch ?? GIFLZWScratch()
        return pixels.withUnsafeBufferPointer {
            encode($0, minimumCodeSize: minimumCodeSize, limit: limit, scratch: scratch)
        }
    }

    private static func encode(
        _ pixels: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, limit: Int, scratch: GIFLZWScratch
    ) -> [UInt8]? {
        var output = scratch.writer(pixels: pixels.count)
        var codes = CodeWidth(minimumCodeSize: minimumCodeSize)
        let table = scratch.table(strings: pixels.count)
        var nextClearCheck = 0
        var filled = false

        output.write(codes.clearCode, bits: codes.width)
        guard var current = pixels.first.map(Int.init) else {
            output.write(codes.endCode, bits: codes.width)
            scratch.finished(codes: output.codeCount, filled: false)
            return output.finish()
        }
        let runs = scratch.runs(clearCode: codes.clearCode)
        let count = pixels.count
        var index = 1
        while index < count {
            let pixel = pixels[index]
            // Inside a run of one index, the current string grows to the longest run string of
            // the table that the pixels match, in one step rather than a probe per pixel.
            if pixel == pixels[index - 1] {
                let length = runs.length(of: current, repeating: pixel)
                let longest = runs.longest(repeating: pixel)
                if length > 0, length < longest {
                    let end = Self.runEnd(
                        of: pixel, in: pixels, from: index, limit: min(count, index + longest - length))
                    current = runs.code(repeating: pixel, length: length + end - index)
                    index = end
                    continue
                }
            }
            let code = table.code(prefix: current, byte: pixel)
            if code >= 0 {
                current = code
                index += 1
                continue
            }
            output.write(current, bits: codes.width)
            if output.byteCount > limit { return nil }
            if !codes.isFull {
                table.insert(prefix: current, byte: pixel, code: codes.next)
                runs.added(code: codes.next, prefix: current, byte: pixel)
                codes.advance()
                if codes.isFull {
                    nextClearCheck = index
                    filled = true
                }
            }
            current = Int(pixel)
            if codes.isFull, index >= nextClearCheck {
                let restart = freshTableCost(
                    of: pixels, from: index, minimumCodeSize: minimumCodeSize, table: scratch.freshTable)
                let keep = fullTableCost(of: pixels, from: index, count: restart.pixels, table: table)
                if restart.bits + codes.width < keep {
                    output.write(codes.clearCode, bits: codes.width)
                    codes.reset()
                    table.removeAll()
                    runs.removeAll()
                } else {
                    nextClearCheck = index + restart.pixels
                }
            }
            index += 1
        }
        output.write(current, bits: codes.width)
        output.write(codes.endCode, bits: codes.width)
        scratch.finished(codes: output.codeCount, filled: filled)
        let bytes = output.finish()
        return bytes.count > limit ? nil : bytes
    }

    /// The codes of the last encode `scratch` did, if its string table never filled; nil otherwise.
    static func recordedCodes(in scratch: GIFLZWScratch) -> [UInt16]? { scratch.recordedCodes }

    /// What `encode` makes of the same pixels at `minimumCodeSize`, with index `renaming.from`
    /// written as `renaming.to` (an index the pixels do not use), from the `codes` an encode at
    /// `codedSize` (at least `minimumCodeSize`) made of them without its table ever filling. LZW's
    /// parse depends only on which pixels are equal, never on their values, and a table that never
    /// fills is never cleared: the same strings come in the same order, only the literal codes,
    /// the string codes (which start after the clear and end codes) and the widths change. So a
    /// frame's rendition, chosen at the palette's code size, is rewritten at its own without being
    /// coded again.
    static func recode(
        _ codes: [UInt16], codedSize: Int, minimumCodeSize: Int, renaming: (from: UInt8, to: UInt8)?
    ) -> [UInt8] {
        precondition(minimumCodeSize <= codedSize && codes.count >= 2, "recode needs a shorter code size")
        let coded = CodeWidth(minimumCodeSize: codedSize)
        var widths = CodeWidth(minimumCodeSize: minimumCodeSize)
        let scratch = GIFLZWScratch()
        var output = scratch.writer(pixels: codes.count)
        var literal = (0..<coded.clearCode).map { UInt16($0) }
        if let renaming { literal[Int(renaming.from)] = UInt16(renaming.to) }
        let stringOffset = (widths.clearCode + 2) - (coded.clearCode + 2)
        output.write(widths.clearCode, bits: widths.width)
        // codes: the clear code, the strings, the end code; a string code adds a string after
        // it, except the last.
        let last = codes.count - 2
        var position = 1
        while position <= last {
            let code = Int(codes[position])
            output.write(code < coded.clearCode ? Int(literal[code]) : code + stringOffset, bits: widths.width)
            if position < last { widths.advance() }
            position += 1
        }
        output.write(widths.endCode, bits: widths.width)
        return output.finish()
    }

    /// The end of the run of `value` that starts at `start` (where `pixels` holds it), at most
    /// `limit`: eight pixels compared at a time.
    @inline(__always)
    private static func runEnd(of value: UInt8, in pixels: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int)
        -> Int
    {
        let base = UnsafeRawPointer(pixels.baseAddress!)
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var end = start + 1
        while end + 8 <= limit {
            let different = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self)) ^ pattern
            if different != 0 { return end + different.trailingZeroBitCount / 8 }
            end += 8
        }
        while end < limit, pixels[end] == value { end += 1 }
        return end
    }

    /// The smallest code size (at least 2, as GIF requires) whose alphabet holds `largest`.
    static func minimumCodeSize(forLargestIndex largest: UInt8) -> Int {
        var bits = 2
        while (1 << bits) <= Int(largest) { bits += 1 }
        return bits
    }

    /// Codes `pixels` from `start` with an empty table until the table fills or the pixels end:
    /// the bits written and the pixels they cover (the string still pending at the end is not
    /// counted in either).
    private static func freshTableCost(
        of pixels: UnsafeBufferPointer<UInt8>, from start: Int, minimumCodeSize: Int,
        table: CodeTable
    ) -> (bits: Int, pixels: Int) {
        table.removeAll()
        var codes = CodeWidth(minimumCodeSize: minimumCodeSize)
        var bits = 0
        var current = Int(pixels[start])
        var pending = start
        var index = start + 1
        while index < pixels.count, !codes.isFull {
            let pixel = pixels[index]
            let code = table.code(prefix: current, byte: pixel)
            if code >= 0 {
                current = code
            } else {
                bits += codes.width
                table.insert(prefix: current, byte: pixel, code: codes.next)
                codes.advance()
                current = Int(pixel)
                pending = index
            }
            index += 1
        }
        return (bits, (index < pixels.count ? pending : pixels.count) - start)
    }

    /// The bits the full `table`, unchanged, needs for `count` pixels from `start` (the string
    /// still pending at the end is not counted).
    private static func fullTableCost(
        of pixels: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, table: CodeTable
    ) -> Int {
        let end = min(pixels.count, start + count)
        var codes = 0
        var current = Int(pixels[start])
        var index = start + 1
        while index < end {
            let pixel = pixels[index]
            let code = table.code(prefix: current, byte: pixel)
            if code >= 0 {
                current = code
            } else {
                codes += 1
                current = Int(pixel)
            }
            index += 1
        }
        return codes * CodeWidth.maximumWidth
    }
}

/// The next free code and the width codes are written at, which grows by one bit each time the
/// codes in use no longer fit, up to 12 bits.
private struct CodeWidth {
    static let maximumWidth = 12
    static let tableSize = 1 << maximumWidth

    let minimumCodeSize: Int
    let clearCode: Int
    let endCode: Int
    private(set) var next: Int
    private(set) var width: Int

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        clearCode = 1 << minimumCodeSize
        endCode = clearCode + 1
        next = endCode + 1
        width = minimumCodeSize + 1
    }

    /// Whether all 4,096 codes are taken; no string can be added until a clear code.
    var isFull: Bool { next >= Self.tableSize }

    /// Takes `next` for a new string. The decoder adds each string one code later than the
    /// encoder, so the width grows once `next` passes the largest code of the current width.
    @inline(__always) mutating func advance() {
        next += 1
        if next > 1 << width, width < Self.maximumWidth { width += 1 }
    }

    mutating func reset() {
        next = endCode + 1
        width = minimumCodeSize + 1
    }
}

/// Tables and an output buffer for one encode at a time, kept between the encodes of one thread
/// (the renditions of a frame), so they are allocated and zeroed once rather than every time.
final class GIFLZWScratch {
    private var codeTable: CodeTable?
    private var fresh: CodeTable?
    private let runStrings = RunStrings()
    private var bytes: UnsafeMutablePointer<UInt8>
    private var codes: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    /// The codes the last finished encode wrote, and whether its table filled.
    private var codeCount = 0
    private var filled = true

    init() {
        capacity = 4096
        bytes = .allocate(capacity: capacity)
        codes = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
        codes.deallocate()
    }

    fileprivate func finished(codes count: Int, filled: Bool) {
        codeCount = count
        self.filled = filled
    }

    fileprivate var recordedCodes: [UInt16]? {
        filled ? nil : Array(UnsafeBufferPointer(start: codes, count: codeCount))
    }

    /// An empty string table for a frame of `strings` pixels (a larger one answers the same).
    fileprivate func table(strings: Int) -> CodeTable {
        let slots = CodeTable.slots(strings: strings)
        if let codeTable, codeTable.slots >= slots {
            codeTable.removeAll()
            return codeTable
        }
        let table = CodeTable(slots: slots)
        codeTable = table
        return table
    }

    /// The table that measures what a fresh start would cost (only needed once a table fills).
    fileprivate var freshTable: CodeTable {
        if let fresh { return fresh }
        let table = CodeTable(slots: CodeTable.slots(strings: CodeWidth.tableSize))
        fresh = table
        return table
    }

    fileprivate func runs(clearCode: Int) -> RunStrings {
        runStrings.reset(clearCode: clearCode)
        return runStrings
    }

    /// A writer into this scratch's buffer, large enough for any coding of `pixels` pixels: at
    /// most one code and one clear code for each pixel, 12 bits each, and the first and last codes.
    /// Also records the codes it writes (at most two a pixel, and three more).
    fileprivate func writer(pixels: Int) -> CodeWriter {
        let needed = (pixels + 2) * 3 + 16
        if needed > capacity {
            bytes.deallocate()
            codes.deallocate()
            capacity = needed
            bytes = .allocate(capacity: capacity)
            codes = .allocate(capacity: capacity)
        }
        filled = true
        return CodeWriter(bytes: bytes, codes: codes)
    }
}

/// Codes packed the way GIF's LZW data packs them (each code least significant bit first, bytes
/// filled from their low bit) into a buffer known to be large enough, and each code kept too.
private struct CodeWriter {
    let bytes: UnsafeMutablePointer<UInt8>
    let codes: UnsafeMutablePointer<UInt16>
    /// The whole bytes written so far.
    private(set) var byteCount = 0
    /// The codes written so far.
    private(set) var codeCount = 0
    private var buffer: UInt64 = 0
    private var bitCount = 0

    init(bytes: UnsafeMutablePointer<UInt8>, codes: UnsafeMutablePointer<UInt16>) {
        self.bytes = bytes
        self.codes = codes
    }

    @inline(__always) mutating func write(_ code: Int, bits: Int) {
        codes[codeCount] = UInt16(truncatingIfNeeded: code)
        codeCount += 1
        buffer |= UInt64(truncatingIfNeeded: code) << UInt64(bitCount)
        bitCount += bits
        while bitCount >= 8 {
            bytes[byteCount] = UInt8(truncatingIfNeeded: buffer)
            byteCount += 1
            buffer >>= 8
            bitCount -= 8
        }
    }

    /// Pads the last byte with zero bits and returns every byte written.
    mutating func finish() -> [UInt8] {
        if bitCount > 0 {
            bytes[byteCount] = UInt8(truncatingIfNeeded: buffer)
            byteCount += 1
            buffer = 0
            bitCount = 0
        }
        return Array(UnsafeBufferPointer(start: bytes, count: byteCount))
    }
}

/// The table's strings that repeat one index (b, bb, bbb, …). LZW adds b repeated k + 1 times
/// only after coding b repeated k times followed by b, so the run strings of an index in the
/// table are always those of lengths 1 … L, each added as the one before plus b: a run of b
/// extends the current string to the longest of them it matches at once, as the table would
/// one probe per pixel.
private final class RunStrings {
    private var clearCode = 0
    /// For each code added: the length of its run (0: not a run) and the index it repeats.
    private let runLength = UnsafeMutablePointer<UInt16>.allocate(capacity: CodeWidth.tableSize)
    private let runIndex = UnsafeMutablePointer<UInt8>.allocate(capacity: CodeWidth.tableSize)
    /// The code of each run string, at `index << 12 | length` (length 2 … the index's longest):
    /// 2 MiB of address space, of which only the runs' own entries are ever touched.
    private let codeOfRun = UnsafeMutablePointer<UInt16>.allocate(capacity: 256 << CodeWidth.maximumWidth)
    /// For each index, the length of its longest run in the table (0: none added, so 1).
    private let longestRun = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
    private var indicesWithRuns: [UInt8] = []

    init() {
        runLength.initialize(repeating: 0, count: CodeWidth.tableSize)
        runIndex.initialize(repeating: 0, count: CodeWidth.tableSize)
        longestRun.initialize(repeating: 0, count: 256)
        indicesWithRuns.reserveCapacity(256)
    }

    deinit {
        runLength.deallocate()
        runIndex.deallocate()
        codeOfRun.deallocate()
        longestRun.deallocate()
    }

    func reset(clearCode: Int) {
        removeAll()
        self.clearCode = clearCode
    }

    /// How many times `code`'s string repeats `index`; 0 if it is not a run of it.
    @inline(__always)
    func length(of code: Int, repeating index: UInt8) -> Int {
        if code < clearCode { return code == Int(index) ? 1 : 0 }
        return runIndex[code] == index ? Int(runLength[code]) : 0
    }

    /// The length of the longest run of `index` in the table.
    @inline(__always)
    func longest(repeating index: UInt8) -> Int { max(1, Int(longestRun[Int(index)])) }

    /// The code of the string that repeats `index` `length` times, one the table holds.
    @inline(__always)
    func code(repeating index: UInt8, length: Int) -> Int {
        length == 1 ? Int(index) : Int(codeOfRun[Int(index) << CodeWidth.maximumWidth | length])
    }

    /// Notes the string `code` = `prefix`'s string + `byte`, just added to the table.
    @inline(__always)
    func added(code: Int, prefix: Int, byte: UInt8) {
        let length = length(of: prefix, repeating: byte)
        guard length > 0 else {
            runLength[code] = 0
            return
        }
        let index = Int(byte)
        if longestRun[index] == 0 { indicesWithRuns.append(byte) }
        codeOfRun[index << CodeWidth.maximumWidth | (length + 1)] = UInt16(code)
        runLength[code] = UInt16(length + 1)
        runIndex[code] = byte
        longestRun[index] = UInt16(length + 1)
    }

    func removeAll() {
        for index in indicesWithRuns { longestRun[Int(index)] = 0 }
        indicesWithRuns.removeAll(keepingCapacity: true)
    }
}

/// The string table: (prefix code, next index) → code, open-addressed. A slot is one 32-bit
/// word, the key (prefix << 8 | index, 20 bits) above the code (12 bits), 0 when empty (no string
/// has code 0), so a probe reads memory once and the table of a full 4,096 codes is 32 KiB,
/// which stays in the first-level cache.
///
/// It has two slots for every string it can come to hold (at most one per pixel coded, and never
/// more than GIF's 4,096 codes), so the table of a frame of a few hundred pixels is a few
/// kilobytes, cleared in no time; a scratch keeps the largest it needed, as a larger table
/// answers the same.
private final class CodeTable {
    let slots: Int
    private let mask: Int
    private let shift: UInt32
    private let storage: UnsafeMutablePointer<UInt32>

    /// The slots for a frame of `strings` pixels.
    static func slots(strings: Int) -> Int {
        var bits = 6
        while 1 << bits < 2 * min(max(strings, 1), CodeWidth.tableSize) { bits += 1 }
        return 1 << bits
    }

    init(slots: Int) {
        self.slots = slots
        mask = slots - 1
        shift = UInt32(32 - slots.trailingZeroBitCount)
        storage = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
        storage.initialize(repeating: 0, count: slots)
    }

    deinit { storage.deallocate() }

    /// The code of the string, or -1 if the table does not hold it.
    @inline(__always)
    func code(prefix: Int, byte: UInt8) -> Int {
        let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(byte))
        var slot = self.slot(of: key)
        while true {
            let entry = storage[slot]
            if entry == 0 { return -1 }
            if entry >> 12 == key { return Int(entry & 0xFFF) }
            slot = (slot &+ 1) & mask
        }
    }

    @inline(__always)
    func insert(prefix: Int, byte: UInt8, code: Int) {
        let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(byte))
        var slot = self.slot(of: key)
        while storage[slot] != 0 { slot = (slot &+ 1) & mask }
        storage[slot] = key << 12 | UInt32(truncatingIfNeeded: code)
    }

    func removeAll() {
        storage.update(repeating: 0, count: slots)
    }

    @inline(__always)
    private func slot(of key: UInt32) -> Int {
        Int(truncatingIfNeeded: (key &* 2_654_435_761) &>> shift)
    }
}
