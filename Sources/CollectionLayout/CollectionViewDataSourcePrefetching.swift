/// Work a collection view announces ahead of asking cells
/// (`UICollectionViewDataSourcePrefetching`): when it is about to let many cells report their
/// preferred attributes, it hands their index paths over at once, so that their data (a
/// label's measurement) can be computed in bulk, on every core, instead of cell by cell.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Prepares the data of the items at `indexPaths`, which are about to be asked for.
    func prefetchItems(at indexPaths: [IndexPath])
}
