/// A set of small non-negative integers (sections, items) kept as a flat array of bits.
///
/// Inserting and testing cost a shift and a mask, with no hashing, and the members come out in
/// ascending order: what an invalidation context needs to mark the same few sections thousands
/// of times in one self-sizing pass. Its memory grows with the largest member, so it suits
/// dense, bounded ranges such as section indices.
public struct IndexBitSet: Sequence, Equatable, Sendable, ExpressibleByArrayLiteral {
    private var words: [UInt64] = []
    /// How many members the set holds.
    public private(set) var count = 0

    /// An empty set.
    public init() {}

    /// A set of the given members.
    public init<S: Sequence>(_ members: S) where S.Element == Int {
        for member in members { insert(member) }
    }

    public init(arrayLiteral members: Int...) {
        self.init(members)
    }

    /// Whether the set has no member.
    public var isEmpty: Bool { count == 0 }

    /// Whether `member` is in the set.
    public func contains(_ member: Int) -> Bool {
        let word = member >> 6
        guard member >= 0, word < words.count else { return false }
        return words[word] & (1 << UInt64(member & 63)) != 0
    }

    /// Adds `member` (which must not be negative); returns whether it was new.
    @discardableResult
    public mutating func insert(_ member: Int) -> Bool {
        precondition(member >= 0, "an IndexBitSet holds non-negative integers")
        let word = member >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let bit: UInt64 = 1 << UInt64(member & 63)
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        count += 1
        return true
    }

    /// Adds every member of `other`.
    public mutating func formUnion(_ other: IndexBitSet) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        var total = 0
        for word in words.indices {
            if word < other.words.count { words[word] |= other.words[word] }
            total += words[word].nonzeroBitCount
        }
        count = total
    }

    /// The members, smallest first.
    public func makeIterator() -> Iterator { Iterator(words: words) }

    /// Walks the set bits word by word.
    public struct Iterator: IteratorProtocol {
        private let words: [UInt64]
        private var word = 0
        private var remaining: UInt64

        init(words: [UInt64]) {
            self.words = words
            remaining = words.first ?? 0
        }

        public mutating func next() -> Int? {
            while remaining == 0 {
                word += 1
                guard word < words.count else { return nil }
                remaining = words[word]
            }
            let bit = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return word << 6 | bit
        }
    }

    /// Equal when the members are, however many trailing empty words either holds.
    public static func == (lhs: IndexBitSet, rhs: IndexBitSet) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let shared = Swift.min(lhs.words.count, rhs.words.count)
        for word in 0..<shared where lhs.words[word] != rhs.words[word] { return false }
        // Equal counts and equal shared words leave no member beyond them.
        return true
    }
}
