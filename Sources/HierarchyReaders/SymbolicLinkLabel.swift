/// The label of a symbolic link: `name → target`, a long target shortened to its last path
/// components (`…/man7/CREATE_TABLE.7.gz`), as `tree` output, `tree -J` and a directory read
/// directly draw one. Absolute targets of 50 characters and more made every link a box of three
/// or four lines (a review's `/etc`: hundreds of PostgreSQL manual links, each repeating its name).
enum SymbolicLinkLabel {
    /// Targets up to this many characters are shown whole.
    static let longestTarget = 24

    /// `name → target`, the target shortened by `shortened(target:)`.
    static func label<Name: StringProtocol, Target: StringProtocol>(name: Name, target: Target) -> String {
        labels(name: name, target: target).label
    }

    /// The label, and the whole `name → target` where the label shortens the target (a tooltip
    /// for readers whose tooltip is free; nil where the label is whole).
    static func labels<Name: StringProtocol, Target: StringProtocol>(name: Name, target: Target) -> (label: String, whole: String?) {
        let target = String(target), shown = shortened(target: target)
        return (name + " → " + shown, shown == target ? nil : name + " → " + target)
    }

    /// The target whole if short, else "…/" and as many last components as fit in
    /// `longestTarget` characters (the last one whatever its length, with its trailing slash).
    static func shortened(target: String) -> String {
        let characters = Array(target)
        guard characters.count > longestTarget else { return target }
        // Slashes before the last component (a trailing slash belongs to it).
        var slashes: [Int] = []
        for (index, character) in characters.enumerated() where character == "/" && index < characters.count - 1 {
            slashes.append(index)
        }
        guard let lastSlash = slashes.last else { return target }
        let cut = slashes.first { characters.count - ($0 + 1) <= longestTarget } ?? lastSlash
        guard cut > 0 else { return target }
        return "…/" + String(characters[(cut + 1)...])
    }
}
