// Position lists and character classes the inline pass looks ahead with.

/// Maximal runs of backticks by length, to find a code span's closing run in logarithmic time.
struct BacktickRuns {
    var starts: [Int: [Int32]] = [:]

    init(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "`") else { index += 1; continue }
            let start = index
            while index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
            starts[index - start, default: []].append(Int32(start))
        }
    }

    /// The start of the first run of exactly `length` backticks that starts after `offset`.
    func firstRun(ofLength length: Int, after offset: Int) -> Int? {
        guard let list = starts[length] else { return nil }
        return firstElement(of: list, after: offset)
    }
}

/// Where link destinations and titles can end, found in one pass: whitespace, unescaped quotes
/// and parentheses, and which parenthesis closes each `](`'s opening one.
struct LinkPositions {
    var whitespace: [Int32] = []
    var doubleQuotes: [Int32] = []
    var singleQuotes: [Int32] = []
    var openParentheses: [Int32] = []
    var closeParentheses: [Int32] = []
    var closing: [Int32: Int32] = [:]

    init(_ bytes: [UInt8]) {
        var open: [Int32] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\") where index + 1 < bytes.count && isASCIIPunctuation(bytes[index + 1]):
                index += 2
                continue
            case 0x20, 0x09, 0x0A: whitespace.append(Int32(index))
            case UInt8(ascii: "\""): doubleQuotes.append(Int32(index))
            case UInt8(ascii: "'"): singleQuotes.append(Int32(index))
            case UInt8(ascii: "("):
                openParentheses.append(Int32(index))
                open.append(Int32(index))
            case UInt8(ascii: ")"):
                closeParentheses.append(Int32(index))
                if let opening = open.popLast(), opening > 0, bytes[Int(opening) - 1] == UInt8(ascii: "]") {
                    closing[opening] = Int32(index)
                }
            default: break
            }
            index += 1
        }
    }

    func firstWhitespace(after offset: Int) -> Int? { firstElement(of: whitespace, after: offset) }

    /// The unescaped `)` that balances the `(` at `open`.
    func closingParenthesis(of open: Int) -> Int? { closing[Int32(open)].map(Int.init) }

    /// The offset of the character that closes a title opened by `opening` at `start`
    /// (`"…"`, `'…'`, `(…)`), if any.
    func titleEnd(opening: UInt8, at start: Int) -> Int? {
        switch opening {
        case UInt8(ascii: "\""): return firstElement(of: doubleQuotes, after: start)
        case UInt8(ascii: "'"): return firstElement(of: singleQuotes, after: start)
        case UInt8(ascii: "("):
            // A parenthesised title may not hold an unescaped `(`.
            guard let close = firstElement(of: closeParentheses, after: start) else { return nil }
            if let nested = firstElement(of: openParentheses, after: start), nested < close { return nil }
            return close
        default: return nil
        }
    }
}

/// The first element of a sorted list greater than `offset`.
func firstElement(of list: [Int32], after offset: Int) -> Int? {
    var low = 0
    var high = list.count
    while low < high {
        let middle = (low + high) / 2
        if Int(list[middle]) <= offset { low = middle + 1 } else { high = middle }
    }
    return low < list.count ? Int(list[low]) : nil
}

func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
}

func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || (0x30...0x39).contains(byte) }

func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46 where hex: UInt32(byte - 0x41 + 10)
    case 0x61...0x66 where hex: UInt32(byte - 0x61 + 10)
    default: nil
    }
}

func isUnicodeWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r" }
    return scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r" || scalar.properties.generalCategory == .spaceSeparator
}

func isUnicodePunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
         .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        return true
    default:
        return false
    }
}
