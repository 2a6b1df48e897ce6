/// The first index in `range` for which `isAtOrAfter` holds, given that it is monotone
/// (false up to some index, true from it on): `range.upperBound` when it holds nowhere.
///
/// Every look-up the layout makes along a column, a section's connectors or a list of tracks
/// is this one bisection, O(log n).
@inline(__always)
func partitionPoint(_ range: Range<Int>, _ isAtOrAfter: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
