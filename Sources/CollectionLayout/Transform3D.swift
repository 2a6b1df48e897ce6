/// A 4x4 homogeneous transform in Core Animation's row-vector convention (`CATransform3D`):
/// a point `[x y z 1]` is multiplied on the left, so translation lives in `m41 m42 m43`.
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    /// The identity transform.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// A scale about the origin.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var transform = identity
        transform.m11 = x
        transform.m22 = y
        transform.m33 = z
        return transform
    }

    /// A translation.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var transform = identity
        transform.m41 = x
        transform.m42 = y
        transform.m43 = z
        return transform
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// The sixteen entries, row by row, as the JSON output lists them.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
}
