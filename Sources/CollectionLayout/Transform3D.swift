#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// A rotation about the z axis by `angle` radians (clockwise on screen, where y grows down).
    public static func rotation(angle: Double) -> Transform3D {
        var transform = identity
        let cosine = cos(angle), sine = sin(angle)
        transform.m11 = cosine
        transform.m12 = sine
        transform.m21 = -sine
        transform.m22 = cosine
        return transform
    }

    /// This transform followed by `other` (`CATransform3DConcat`).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = entries, b = other.entries
        var c = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
                c[row * 4 + column] = sum
            }
        }
        return Transform3D(m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
                           m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }

    /// The bounding box of `frame` once this transform's 2-D part is applied about the frame's
    /// centre, as a view with this transform is drawn.
    public func boundingBox(ofFrame frame: Rect) -> Rect {
        if isIdentity { return frame }
        let halfWidth = frame.width / 2, halfHeight = frame.height / 2
        let extentX = abs(m11) * halfWidth + abs(m21) * halfHeight
        let extentY = abs(m12) * halfWidth + abs(m22) * halfHeight
        let centerX = frame.midX + m41, centerY = frame.midY + m42
        return Rect(x: centerX - extentX, y: centerY - extentY, width: 2 * extentX, height: 2 * extentY)
    }
}
