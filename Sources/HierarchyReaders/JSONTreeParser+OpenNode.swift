import Hierarchy

extension JSONTreeParser {
    /// An open node object. Its node is added to the tree when its children start or the object
    /// closes (whichever comes first), which keeps nodes numbered in preorder and lets an object
    /// that is no node (`tree -J`'s report) leave no trace.
    ///
    /// It is small (what nearly every node has), as one is made, moved and destroyed per node;
    /// the rest of what a node may say is kept in `details`, made only for a node that says it.
    @dynamicMemberLookup
    struct OpenNode {
        /// The node's number, or -1 until it is added.
        var node = -1
        var parent: Int?
        /// Where the object starts, for "no name" errors.
        var start: Int
        var label: String? { didSet { labelIsInTree = false } }
        /// Whether the tree already holds `label` for `node` (it was added with it).
        var labelIsInTree = false
        /// Whether a member the reader does not use holds a string (a label under another key?).
        var hasOtherText = false
        /// Boxed, so that moving an open node copies one reference. An open node is moved, never
        /// duplicated, so its box is never shared.
        var details: DetailsBox?

        final class DetailsBox {
            var value = Details()
        }

        /// What few nodes have.
        struct Details {
            var type: NodeFields.TypeValue?
            var typeText: String?
            var typeOffset = 0
            var id: String?
            var target: String?
            var earlyContents: Int?
            var treeError: String?
            var attributes: NodeAttributes?
        }

        init(parent: Int?, start: Int) {
            self.parent = parent
            self.start = start
        }

        /// The optional details (`type`, `typeText`, `id`, a `tree -J` link's `target`, where a
        /// `contents` array came before the type said it holds children (`earlyContents`), and
        /// `tree -J`'s `{"error": …}` for a directory it could not list, `treeError`), read
        /// through the box and written into it, made on the first write.
        subscript<Value>(dynamicMember field: WritableKeyPath<Details, Value?>) -> Value? {
            get { details?.value[keyPath: field] }
            set { editableDetails.value[keyPath: field] = newValue }
        }
        var typeOffset: Int {
            get { details?.value.typeOffset ?? 0 }
            set { editableDetails.value.typeOffset = newValue }
        }
        /// Its attributes (empty until one is set).
        var attributes: NodeAttributes {
            get { details?.value.attributes ?? NodeAttributes() }
            set { editableDetails.value.attributes = newValue }
        }

        /// The details, made if there are none yet.
        private var editableDetails: DetailsBox {
            mutating get {
                if let details { return details }
                let made = DetailsBox()
                details = made
                return made
            }
        }

        /// Whether `contents` holds this node's children, as in `tree -J`.
        var hasContents: Bool { self.typeText == "directory" || self.typeText == "link" }
    }
}
