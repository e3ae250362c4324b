/// A flat hash table from 24-bit colors (0xRRGGBB) to values: one array of keys and one of
/// values, open addressing with linear probing, so a per-pixel lookup costs a multiply and a
/// probe or two instead of a `Dictionary`'s hashing. Slots are never removed.
struct GIFColorMap<Value> {
    /// Marks a free slot; no 24-bit color equals it.
    private static var empty: UInt32 { 0xFFFF_FFFF }
    private(set) var keys: [UInt32]
    private(set) var values: [Value]
    private let emptyValue: Value
    private var shift: UInt32
    /// How many keys the table holds.
    private(set) var count = 0

    /// An empty table whose new slots start at `emptyValue`.
    init(emptyValue: Value, capacity: Int = 256) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        self.emptyValue = emptyValue
        keys = [UInt32](repeating: Self.empty, count: size)
        values = [Value](repeating: emptyValue, count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
    }

    @inline(__always)
    private func home(of key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> shift)
    }

    /// The slot holding `key`, or nil.
    @inline(__always)
    func slot(of key: UInt32) -> Int? {
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key { return slot }
            if found == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The value of `key`, or nil.
    @inline(__always)
    func value(of key: UInt32) -> Value? {
        slot(of: key).map { values[$0] }
    }

    /// The slot holding `key`, inserting it (with the empty value) when missing.
    @inline(__always)
    mutating func insert(_ key: UInt32) -> Int {
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key { return slot }
            if found == Self.empty { break }
            slot = (slot + 1) & mask
        }
        if (count + 1) * 2 > keys.count {
            grow()
            return insert(key)
        }
        keys[slot] = key
        count += 1
        return slot
    }

    /// Changes the value at a slot returned by `insert` or `slot(of:)`.
    @inline(__always)
    mutating func update(slot: Int, _ body: (inout Value) -> Void) {
        body(&values[slot])
    }

    /// Every key with its value, in slot order.
    func forEveryEntry(_ body: (UInt32, Value) -> Void) {
        for slot in keys.indices where keys[slot] != Self.empty { body(keys[slot], values[slot]) }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let size = keys.count * 2
        keys = [UInt32](repeating: Self.empty, count: size)
        values = [Value](repeating: emptyValue, count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
        count = 0
        for slot in oldKeys.indices where oldKeys[slot] != Self.empty {
            let new = insert(oldKeys[slot])
            values[new] = oldValues[slot]
        }
    }
}

extension GIFColorMap: Sendable where Value: Sendable {}
