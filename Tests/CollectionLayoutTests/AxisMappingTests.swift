import CollectionLayout
import Testing

/// Orientation as one step: the four directions of a canonical drawing 100 wide.
@Suite struct AxisMappingTests {
    static let box = Rect(x: 10, y: 20, width: 30, height: 5)

    @Test(arguments: [
        (false, false, Rect(x: 10, y: 20, width: 30, height: 5), Point(x: 10, y: 20)),  // left to right
        (false, true, Rect(x: 60, y: 20, width: 30, height: 5), Point(x: 90, y: 20)),   // right to left
        (true, false, Rect(x: 20, y: 10, width: 5, height: 30), Point(x: 20, y: 10)),   // top to bottom
        (true, true, Rect(x: 20, y: 60, width: 5, height: 30), Point(x: 20, y: 90)),    // bottom to top
    ])
    func mapsAndMapsBack(transposes: Bool, mirrors: Bool, rect: Rect, origin: Point) {
        let axes = AxisMapping(transposes: transposes, mirrors: mirrors, extent: 100)
        #expect(axes.oriented(Self.box) == rect)
        #expect(axes.oriented(Self.box.origin) == origin)
        #expect(axes.canonical(rect) == Self.box, "canonical undoes oriented")
        #expect(axes.canonical(Size(width: 3, height: 4)) == (transposes ? Size(width: 4, height: 3) : Size(width: 3, height: 4)))
        #expect(axes.isIdentity == (!transposes && !mirrors))
    }
}
