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
    static func encode(_ pixels: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        encode(pixels, minimumCodeSize: minimumCodeSize, unlessLongerThan: .max)!
    }

    /// `encode(_:minimumCodeSize:)`, or nil as soon as the bytes would be more than `limit`:
    /// choosing among renditions, one that cannot win is not coded to its end.
    static func encode(_ pixels: [UInt8], minimumCodeSize: Int, unlessLongerThan limit: Int) -> [UInt8]? {
        pixels.withUnsafeBufferPointer { encode($0, minimumCodeSize: minimumCodeSize, limit: limit) }
    }

    private static func encode(_ pixels: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, limit: Int) -> [UInt8]? {
        var output = LSBFirstBitWriter()
        var codes = CodeWidth(minimumCodeSize: minimumCodeSize)
        let table = CodeTable(strings: pixels.count)
        // Only needed once the table fills, which a small frame never does.
        var fresh: CodeTable?
        var nextClearCheck = 0

        output.write(UInt32(codes.clearCode), bits: codes.width)
        guard var current = pixels.first.map(Int.init) else {
            output.write(UInt32(codes.endCode), bits: codes.width)
            return output.finish()
        }
        var runs = RunStrings(clearCode: codes.clearCode, pixels: pixels.count)
        var index = 1
        while index < pixels.count {
            let pixel = pixels[index]
            // Inside a run of one index, the current string grows along the table's run strings
            // without a probe per pixel.
            if pixel == pixels[index - 1], let length = runs.length(of: current, repeating: pixel),
                length < runs.longest(repeating: pixel)
            {
                let longest = runs.longest(repeating: pixel)
                var grown = length
                while grown < longest, index < pixels.count, pixels[index] == pixel {
                    grown += 1
                    index += 1
                }
                current = runs.code(repeating: pixel, length: grown)
                continue
            }
            if let code = table.code(prefix: current, byte: pixel) {
                current = code
                index += 1
                continue
            }
            output.write(UInt32(current), bits: codes.width)
            if output.byteCount > limit { return nil }
            if !codes.isFull {
                table.insert(prefix: current, byte: pixel, code: codes.next)
                runs.added(code: codes.next, prefix: current, byte: pixel)
                codes.advance()
                if codes.isFull { nextClearCheck = index }
            }
            current = Int(pixel)
            if codes.isFull, index >= nextClearCheck {
                let scratch = fresh ?? CodeTable(strings: CodeWidth.tableSize)
                fresh = scratch
                let restart = freshTableCost(
                    of: pixels, from: index, minimumCodeSize: minimumCodeSize, table: scratch)
                let keep = fullTableCost(of: pixels, from: index, count: restart.pixels, table: table)
                if restart.bits + codes.width < keep {
                    output.write(UInt32(codes.clearCode), bits: codes.width)
                    codes.reset()
                    table.removeAll()
                    runs.removeAll()
                } else {
                    nextClearCheck = index + restart.pixels
                }
            }
            index += 1
        }
        output.write(UInt32(current), bits: codes.width)
        output.write(UInt32(codes.endCode), bits: codes.width)
        let bytes = output.finish()
        return bytes.count > limit ? nil : bytes
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
            if let code = table.code(prefix: current, byte: pixel) {
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
            if let code = table.code(prefix: current, byte: pixel) {
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
    mutating func advance() {
        next += 1
        if next > 1 << width, width < Self.maximumWidth { width += 1 }
    }

    mutating func reset() {
        next = endCode + 1
        width = minimumCodeSize + 1
    }
}

/// The table's strings that repeat one index (b, bb, bbb, …). LZW adds b repeated k + 1 times
/// only after coding b repeated k times followed by b, so the run strings of an index in the
/// table are always those of lengths 1 … L: a run of b extends the current string to the longest
/// of them it matches at once, as the table would one probe per pixel.
private struct RunStrings {
    private let clearCode: Int
    /// runCodes[b][k - 1]: the code of b repeated k times (runCodes[b][0] is b); empty until b² is added.
    private var runCodes: [[UInt16]] = Array(repeating: [], count: 256)
    /// For each code added: the length of its run (0: not a run) and the index it repeats.
    private var runLength: [UInt16]
    private var runIndex: [UInt8]
    private var indicesWithRuns: [UInt8] = []

    init(clearCode: Int, pixels: Int) {
        self.clearCode = clearCode
        let codes = min(CodeWidth.tableSize, clearCode + 2 + pixels)
        runLength = Array(repeating: 0, count: codes)
        runIndex = Array(repeating: 0, count: codes)
    }

    /// How many times `code`'s string repeats `index`, if it is a run of it.
    @inline(__always)
    func length(of code: Int, repeating index: UInt8) -> Int? {
        if code < clearCode { return code == Int(index) ? 1 : nil }
        let length = Int(runLength[code])
        return length > 0 && runIndex[code] == index ? length : nil
    }

    /// The length of the longest run of `index` in the table.
    @inline(__always)
    func longest(repeating index: UInt8) -> Int { max(1, runCodes[Int(index)].count) }

    func code(repeating index: UInt8, length: Int) -> Int {
        length == 1 ? Int(index) : Int(runCodes[Int(index)][length - 1])
    }

    /// Notes the string `code` = `prefix`'s string + `byte`, just added to the table.
    mutating func added(code: Int, prefix: Int, byte: UInt8) {
        guard let length = length(of: prefix, repeating: byte) else {
            runLength[code] = 0
            return
        }
        let index = Int(byte)
        if runCodes[index].isEmpty {
            runCodes[index] = [UInt16(index)]
            indicesWithRuns.append(byte)
        }
        runCodes[index].append(UInt16(code))
        runLength[code] = UInt16(length + 1)
        runIndex[code] = byte
    }

    mutating func removeAll() {
        for index in indicesWithRuns { runCodes[Int(index)].removeAll(keepingCapacity: true) }
        indicesWithRuns = []
    }
}

/// The string table: (prefix code, next index) → code, open-addressed. A slot is one word:
/// the generation that filled it (high 32 bits), the key (prefix << 8 | index, 20 bits) and the
/// code (12 bits), so a probe reads memory once; emptying the table is one increment.
///
/// It has four slots for every string it can come to hold (at most one per pixel coded, and never
/// more than GIF's 4,096 codes), so the table of a frame of a few hundred pixels is a few
/// kilobytes, cleared in no time, rather than the 128 KiB a full one needs.
private final class CodeTable {
    private let slots: Int
    private let shift: UInt32
    private let storage: UnsafeMutablePointer<UInt64>
    private var generation: UInt64 = 1

    init(strings: Int) {
        var bits = 6
        while 1 << bits < 4 * min(max(strings, 1), CodeWidth.tableSize) { bits += 1 }
        slots = 1 << bits
        shift = UInt32(32 - bits)
        storage = UnsafeMutablePointer<UInt64>.allocate(capacity: slots)
        storage.initialize(repeating: 0, count: slots)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    func code(prefix: Int, byte: UInt8) -> Int? {
        let key = Int32(prefix << 8 | Int(byte))
        let tagged = generation << 32 | UInt64(UInt32(bitPattern: key)) << 12
        var slot = self.slot(of: key)
        while true {
            let entry = storage[slot]
            if entry >> 32 != generation { return nil }
            if entry & ~0xFFF == tagged { return Int(entry & 0xFFF) }
            slot = (slot + 1) & (slots - 1)
        }
    }

    func insert(prefix: Int, byte: UInt8, code: Int) {
        let key = Int32(prefix << 8 | Int(byte))
        var slot = self.slot(of: key)
        while storage[slot] >> 32 == generation { slot = (slot + 1) & (slots - 1) }
        storage[slot] = generation << 32 | UInt64(UInt32(bitPattern: key)) << 12 | UInt64(code)
    }

    func removeAll() {
        generation += 1
        if generation == 1 << 32 {
            storage.update(repeating: 0, count: slots)
            generation = 1
        }
    }

    @inline(__always)
    private func slot(of key: Int32) -> Int {
        Int((UInt32(bitPattern: key) &* 2_654_435_761) >> shift)
    }
}
