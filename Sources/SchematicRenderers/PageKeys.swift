/// Which key presses a page (the interactive HTML page, the SVG page of the other layouts)
/// takes for itself: anywhere on the page (listened on the drawing alone, they did nothing
/// until it was clicked, and a click on a node collapses it), but not while the reader types
/// in the search box or presses a button, nor with a modifier (the browser's own Ctrl+0, Ctrl+-).
enum PageKeys {
    static let script: StaticString = """
      function isPageKey(event) {
        var target = event.target, tag = target && target.tagName;
        return !(event.ctrlKey || event.metaKey || event.altKey || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
                 || tag === 'BUTTON' || (target && target.isContentEditable));
      }

    """
}
