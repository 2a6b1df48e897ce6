@testable import Graphviz
import Testing

/// Graphviz's libraries are opened on first use (`GraphvizLibrary`), not linked: a missing or
/// foreign library is a clear error naming it and what to install, never a crash.
@Suite struct GraphvizLibraryTests {
    @Test func opensTheInstalledGraphviz() throws {
        // Opening only: Graphviz's own calls run under `Graphviz`'s lock, in the other tests.
        _ = try GraphvizLibrary.open()
    }

    @Test func aMissingLibraryIsAnErrorNamingIt() {
        #expect {
            _ = try GraphvizLibrary.open(gvc: "libgvc-not-installed.so.6")
        } throws: { error in
            let message = (error as? GraphvizError)?.message ?? ""
            return message.contains("libgvc-not-installed.so.6") && message.contains("install Graphviz")
        }
    }

    @Test func aLibraryLackingAFunctionIsAnErrorNamingIt() {
        // libcdt is Graphviz's too, and a real library, but has none of libgvc's functions.
        #expect {
            _ = try GraphvizLibrary.open(gvc: "libcdt.so.5")
        } throws: { error in
            let message = (error as? GraphvizError)?.message ?? ""
            return message.contains("has no 'gvContext'") && message.contains("install Graphviz")
        }
    }
}
