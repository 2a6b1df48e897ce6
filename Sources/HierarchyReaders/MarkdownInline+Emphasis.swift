/// Emphasis and strikethrough: delimiter runs and the CommonMark rules that match them.
extension MarkdownInline {
    // MARK: Emphasis and strikethrough

    mutating func delimiterRun(at start: Int) -> Int {
        let character = input[start]
        var end = start
        while end < input.count && input[end] == character { end += 1 }
        let before = start > 0 && input[start - 1] < 0x80 ? Unicode.Scalar(input[start - 1]) : scalar(before: start)
        let after = end < input.count && input[end] < 0x80 ? Unicode.Scalar(input[end]) : scalar(at: end)
        let beforeIsSpace = before.map(isUnicodeWhitespace) ?? true
        let afterIsSpace = after.map(isUnicodeWhitespace) ?? true
        let beforeIsPunctuation = before.map(isUnicodePunctuation) ?? false
        let afterIsPunctuation = after.map(isUnicodePunctuation) ?? false
        let leftFlanking = !afterIsSpace && (!afterIsPunctuation || beforeIsSpace || beforeIsPunctuation)
        let rightFlanking = !beforeIsSpace && (!beforeIsPunctuation || afterIsSpace || afterIsPunctuation)
        var canOpen = leftFlanking
        var canClose = rightFlanking
        if character == UInt8(ascii: "_") {
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        }
        // GitHub's strikethrough: runs of one or two tildes.
        if character == UInt8(ascii: "~") && end - start > 2 { canOpen = false; canClose = false }
        if canOpen || canClose {
            let index = delimiters.count
            delimiters.append(Delimiter(character: character, outputStart: output.count, count: end - start,
                                        originalCount: end - start, canOpen: canOpen, canClose: canClose,
                                        previous: index - 1, next: index + 1))
        }
        append(input[start..<end])
        return end
    }

    /// CommonMark's "process emphasis" over the delimiters from `bottom` on: matched markers are
    /// removed from the output, the rest stay as text. Linear through `openersBottom`.
    mutating func processEmphasis(from bottom: Int) {
        guard bottom < delimiters.count else { return }
        if bottom < delimiters.count { delimiters[bottom].previous = bottom - 1 }
        delimiters[delimiters.count - 1].next = delimiters.count
        var openersBottom: [Int: Int] = [:]
        var closer = bottom
        while closer < delimiters.count {
            let current = delimiters[closer]
            guard current.canClose && current.count > 0 else {
                closer = current.next
                continue
            }
            let key = current.character == UInt8(ascii: "~")
                ? Int(current.character) * 16 + current.count
                : Int(current.character) * 16 + (current.canOpen ? 8 : 0) + current.originalCount % 3
            let floor = max(bottom - 1, openersBottom[key] ?? (bottom - 1))
            var opener = current.previous
            var found = -1
            while opener > floor {
                let candidate = delimiters[opener]
                if candidate.character == current.character && candidate.canOpen && candidate.count > 0 {
                    if current.character == UInt8(ascii: "~") {
                        if candidate.count == current.count { found = opener; break }
                    } else {
                        let bothKinds = candidate.canClose || current.canOpen
                        let sumIsMultipleOf3 = (candidate.originalCount + current.originalCount) % 3 == 0
                        let bothMultiplesOf3 = candidate.originalCount % 3 == 0 && current.originalCount % 3 == 0
                        if !(bothKinds && sumIsMultipleOf3 && !bothMultiplesOf3) { found = opener; break }
                    }
                }
                opener = candidate.previous
            }
            if found >= 0 {
                let used = current.character == UInt8(ascii: "~") ? current.count
                    : (current.count >= 2 && delimiters[found].count >= 2 ? 2 : 1)
                let openerEnd = delimiters[found].outputStart + delimiters[found].count
                for offset in (openerEnd - used)..<openerEnd { removed[offset] = true }
                for offset in current.outputStart..<(current.outputStart + used) { removed[offset] = true }
                delimiters[found].count -= used
                delimiters[closer].count -= used
                delimiters[closer].outputStart += used
                // Delimiters between the two can no longer match.
                delimiters[closer].previous = found
                delimiters[found].next = closer
                if delimiters[found].count == 0 { unlink(found) }
                if delimiters[closer].count == 0 {
                    let next = delimiters[closer].next
                    unlink(closer)
                    closer = next
                }
            } else {
                openersBottom[key] = current.previous
                let next = current.next
                if !current.canOpen { unlink(closer) }
                closer = next
            }
        }
        delimiters.removeSubrange(bottom...)
    }

    mutating func unlink(_ index: Int) {
        let previous = delimiters[index].previous
        let next = delimiters[index].next
        if previous >= 0 { delimiters[previous].next = next }
        if next < delimiters.count { delimiters[next].previous = previous }
    }

    func scalar(before offset: Int) -> Unicode.Scalar? {
        guard offset > 0 else { return nil }
        var start = offset - 1
        while start > 0 && input[start] & 0xC0 == 0x80 && offset - start < 4 { start -= 1 }
        return decodeScalar(from: start)
    }

    func scalar(at offset: Int) -> Unicode.Scalar? {
        guard offset < input.count else { return nil }
        return decodeScalar(from: offset)
    }

    func decodeScalar(from offset: Int) -> Unicode.Scalar? {
        var iterator = input[offset..<min(input.count, offset + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}
