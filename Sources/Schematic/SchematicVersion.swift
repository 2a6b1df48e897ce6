/// The version of Schematic, printed by `schematic --version`; kept in step with the
/// MkDocs and Sphinx integrations' package versions.
public enum SchematicVersion {
    /// The release, as `MAJOR.MINOR.PATCH`.
    public static let string = "0.1.0"
}
