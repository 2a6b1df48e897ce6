/// A type the documentation catalog describes.
public struct Demo {
    public init() {}
}
