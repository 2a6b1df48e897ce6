extension String {
    /// The text without surrounding whitespace (Unicode's White_Space, line breaks included):
    /// every reader trims labels this way, so one tree reads the same from every format.
    func trimmingLabelWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace else { return self }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start && scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}
