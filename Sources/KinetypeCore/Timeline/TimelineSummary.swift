/// What `kinetype info` prints about a compiled timeline: when every animation runs.
public struct TimelineSummary: Equatable, Sendable, Encodable {
    /// Seconds.
    public var duration: Double
    public var fps: Double
    public var frameCount: Int
    public var layers: [LayerSummary]

    public init(duration: Double, fps: Double, frameCount: Int, layers: [LayerSummary]) {
        self.duration = duration
        self.fps = fps
        self.frameCount = frameCount
        self.layers = layers
    }

    public struct LayerSummary: Equatable, Sendable, Encodable {
        /// Index in the scene's `layers`.
        public var index: Int
        public var id: String?
        /// `text`, `rect` or `image`.
        public var type: String
        public var animations: [AnimationSummary]
        /// Layers with a typewriter only: every key press of its typewriters, in time order.
        public var keystrokes: [KeystrokeSummary]?

        public init(
            index: Int, id: String?, type: String, animations: [AnimationSummary],
            keystrokes: [KeystrokeSummary]? = nil
        ) {
            self.index = index
            self.id = id
            self.type = type
            self.animations = animations
            self.keystrokes = keystrokes
        }
    }

    /// One key press: when (seconds from the scene start) and which kind of key.
    public struct KeystrokeSummary: Equatable, Sendable, Encodable {
        public var time: Double
        public var kind: KeystrokeKind

        public init(time: Double, kind: KeystrokeKind) {
            self.time = time
            self.kind = kind
        }

        private enum CodingKeys: String, CodingKey { case time, kind }

        /// The time is rounded to the microsecond (`ReportNumbers`).
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ReportNumbers.seconds(time), forKey: .time)
            try container.encode(kind, forKey: .kind)
        }
    }

    private enum CodingKeys: String, CodingKey { case duration, fps, frameCount, layers }

    /// Times are rounded to the microsecond (`ReportNumbers`).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ReportNumbers.seconds(duration), forKey: .duration)
        try container.encode(fps, forKey: .fps)
        try container.encode(frameCount, forKey: .frameCount)
        try container.encode(layers, forKey: .layers)
    }

    public struct AnimationSummary: Equatable, Sendable, Encodable {
        /// `typewriter`, `animate` or `keyframes`.
        public var kind: String
        /// The animated property (`font.size`, `opacity`, …), or `typewriter`.
        public var property: String
        /// Seconds from the scene start.
        public var start: Double
        public var end: Double
        /// Typewriters only: when the last key press happens (seconds from the scene start).
        public var typingFinish: Double?
        /// Typewriters only: how many units are typed (deleted ones included).
        public var unitCount: Int?
        /// Typewriters only: the text of every unit typed, in the order it is typed (deleted ones
        /// included): characters, words (with the white space and punctuation after them) or lines.
        public var units: [String]?

        public init(
            kind: String, property: String, start: Double, end: Double,
            typingFinish: Double? = nil, unitCount: Int? = nil, units: [String]? = nil
        ) {
            self.kind = kind
            self.property = property
            self.start = start
            self.end = end
            self.typingFinish = typingFinish
            self.unitCount = unitCount
            self.units = units
        }

        private enum CodingKeys: String, CodingKey {
            case kind, property, start, end, typingFinish, unitCount, units
        }

        /// Times are rounded to the microsecond (`ReportNumbers`).
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(property, forKey: .property)
            try container.encode(ReportNumbers.seconds(start), forKey: .start)
            try container.encode(ReportNumbers.seconds(end), forKey: .end)
            try container.encodeIfPresent(typingFinish.map(ReportNumbers.seconds), forKey: .typingFinish)
            try container.encodeIfPresent(unitCount, forKey: .unitCount)
            try container.encodeIfPresent(units, forKey: .units)
        }
    }
}
