import CGraphviz
#if canImport(Glibc)
import Glibc
#endif

/// Graphviz's shared libraries, opened with dlopen on first use instead of at start-up: a
/// drawing read from a non-DOT file and written as SVG, JSON or HTML never loads them (libgvc,
/// libcgraph and the libraries they pull in), which keeps `schematic` quick to start.
///
/// Each function is resolved by name and typed by the headers' own declarations (see shim.h).
struct GraphvizLibrary: @unchecked Sendable {
    /// The sonames of the Graphviz whose headers Schematic is built with (Debian's libgvc6 and
    /// libcgraph6), as the linker would have recorded them.
    static let gvcName = "libgvc.so.6"
    static let cgraphName = "libcgraph.so.6"

    let agclose: schematic_gv_agclose
    let agmemread: schematic_gv_agmemread
    let agreadline: schematic_gv_agreadline
    let agread: schematic_gv_agread
    let agattr: schematic_gv_agattr
    let agfstnode: schematic_gv_agfstnode
    let agnxtnode: schematic_gv_agnxtnode
    let agfstout: schematic_gv_agfstout
    let agnxtout: schematic_gv_agnxtout
    let agnameof: schematic_gv_agnameof
    let agget: schematic_gv_agget
    let aghtmlstr: schematic_gv_aghtmlstr
    let agsafeset: schematic_gv_agsafeset
    let agnnodes: schematic_gv_agnnodes
    let agseterr: schematic_gv_agseterr
    let agerrors: schematic_gv_agerrors
    let agreseterrors: schematic_gv_agreseterrors
    let agseterrf: schematic_gv_agseterrf
    let agisdirected: schematic_gv_agisdirected
    let agfstsubg: schematic_gv_agfstsubg
    let agnxtsubg: schematic_gv_agnxtsubg
    let aaglexDestroy: schematic_gv_aaglex_destroy
    let colorxlate: schematic_gv_colorxlate
    let setColorScheme: schematic_gv_setColorScheme
    let gvContext: schematic_gv_gvContext
    let gvLayout: schematic_gv_gvLayout
    let gvFreeLayout: schematic_gv_gvFreeLayout
    let gvRenderData: schematic_gv_gvRenderData
    let gvFreeRenderData: schematic_gv_gvFreeRenderData
    let gvPluginList: schematic_gv_gvPluginList
    /// cgraph's default I/O discipline (`AgIoDisc`), copied for reading through a callback.
    let ioDiscipline: UnsafeMutablePointer<Agiodisc_t>
    /// cgraph's default memory and id disciplines (`AgMemDisc`, `AgIdDisc`) with `ioDiscipline`:
    /// kept for the life of the process, since a graph keeps a pointer to its discipline.
    let discipline: UnsafeMutablePointer<Agdisc_t>

    /// Opens the libraries and resolves what Schematic calls. The error names the library or
    /// symbol that failed, why, and what to install; nothing stays open after a failure.
    static func open(gvc gvcName: String = gvcName, cgraph cgraphName: String = cgraphName) throws(GraphvizError) -> GraphvizLibrary {
        // RTLD_GLOBAL, as when linked: Graphviz's plugins (loaded by libgvc) use these copies.
        guard let cgraph = dlopen(cgraphName, RTLD_LAZY | RTLD_GLOBAL) else { throw unavailable(loaderError(cgraphName)) }
        guard let gvc = dlopen(gvcName, RTLD_LAZY | RTLD_GLOBAL) else {
            let reason = loaderError(gvcName)
            dlclose(cgraph)
            throw unavailable(reason)
        }
        do {
            return try GraphvizLibrary(cgraph: (cgraph, cgraphName), gvc: (gvc, gvcName))
        } catch {
            dlclose(gvc)
            dlclose(cgraph)
            throw error
        }
    }

    private static func loaderError(_ library: String) -> String {
        dlerror().map { String(cString: $0) } ?? "\(library): cannot be opened"
    }

    private static func unavailable(_ reason: String) -> GraphvizError {
        GraphvizError("Graphviz's libraries cannot be loaded (\(reason)); install Graphviz (Debian: apt-get install libgvc6)")
    }

    private typealias Opened = (handle: UnsafeMutableRawPointer, name: String)

    private init(cgraph: Opened, gvc: Opened) throws(GraphvizError) {
        func symbol(_ library: Opened, _ name: String) throws(GraphvizError) -> UnsafeMutableRawPointer {
            guard let address = dlsym(library.handle, name) else {
                throw Self.unavailable("\(library.name) has no '\(name)'; another Graphviz version?")
            }
            return address
        }
        func function<F>(_ library: Opened, _ name: String, _ type: F.Type) throws(GraphvizError) -> F {
            unsafeBitCast(try symbol(library, name), to: F.self)
        }
        agclose = try function(cgraph, "agclose", schematic_gv_agclose.self)
        agmemread = try function(cgraph, "agmemread", schematic_gv_agmemread.self)
        agreadline = try function(cgraph, "agreadline", schematic_gv_agreadline.self)
        agread = try function(cgraph, "agread", schematic_gv_agread.self)
        agattr = try function(cgraph, "agattr", schematic_gv_agattr.self)
        agfstnode = try function(cgraph, "agfstnode", schematic_gv_agfstnode.self)
        agnxtnode = try function(cgraph, "agnxtnode", schematic_gv_agnxtnode.self)
        agfstout = try function(cgraph, "agfstout", schematic_gv_agfstout.self)
        agnxtout = try function(cgraph, "agnxtout", schematic_gv_agnxtout.self)
        agnameof = try function(cgraph, "agnameof", schematic_gv_agnameof.self)
        agget = try function(cgraph, "agget", schematic_gv_agget.self)
        aghtmlstr = try function(cgraph, "aghtmlstr", schematic_gv_aghtmlstr.self)
        agsafeset = try function(cgraph, "agsafeset", schematic_gv_agsafeset.self)
        agnnodes = try function(cgraph, "agnnodes", schematic_gv_agnnodes.self)
        agseterr = try function(cgraph, "agseterr", schematic_gv_agseterr.self)
        agerrors = try function(cgraph, "agerrors", schematic_gv_agerrors.self)
        agreseterrors = try function(cgraph, "agreseterrors", schematic_gv_agreseterrors.self)
        agseterrf = try function(cgraph, "agseterrf", schematic_gv_agseterrf.self)
        agisdirected = try function(cgraph, "agisdirected", schematic_gv_agisdirected.self)
        agfstsubg = try function(cgraph, "agfstsubg", schematic_gv_agfstsubg.self)
        agnxtsubg = try function(cgraph, "agnxtsubg", schematic_gv_agnxtsubg.self)
        aaglexDestroy = try function(cgraph, "aaglex_destroy", schematic_gv_aaglex_destroy.self)
        gvContext = try function(gvc, "gvContext", schematic_gv_gvContext.self)
        gvLayout = try function(gvc, "gvLayout", schematic_gv_gvLayout.self)
        gvFreeLayout = try function(gvc, "gvFreeLayout", schematic_gv_gvFreeLayout.self)
        gvRenderData = try function(gvc, "gvRenderData", schematic_gv_gvRenderData.self)
        gvFreeRenderData = try function(gvc, "gvFreeRenderData", schematic_gv_gvFreeRenderData.self)
        gvPluginList = try function(gvc, "gvPluginList", schematic_gv_gvPluginList.self)
        colorxlate = try function(gvc, "colorxlate", schematic_gv_colorxlate.self)
        setColorScheme = try function(gvc, "setColorScheme", schematic_gv_setColorScheme.self)
        let io = try symbol(cgraph, "AgIoDisc").assumingMemoryBound(to: Agiodisc_t.self)
        let memory = try symbol(cgraph, "AgMemDisc").assumingMemoryBound(to: Agmemdisc_t.self)
        let ids = try symbol(cgraph, "AgIdDisc").assumingMemoryBound(to: Agiddisc_t.self)
        ioDiscipline = .allocate(capacity: 1)
        ioDiscipline.initialize(to: io.pointee)
        discipline = .allocate(capacity: 1)
        discipline.initialize(to: Agdisc_t(mem: memory, id: ids, io: ioDiscipline))
    }

    /// Reads the next graph of a text through `afread` (cgraph's `agread` with its default
    /// memory and id disciplines); only one read runs at a time (callers lock).
    func readNext(_ channel: UnsafeMutableRawPointer, _ afread: @escaping @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> UnsafeMutablePointer<Agraph_t>? {
        ioDiscipline.pointee.afread = afread
        return agread(channel, discipline)
    }

    /// Makes `\N` (the node's name) the default node label of every graph read from now on, as
    /// Graphviz's own tools assume, so a node with `label=""` can be told from one with no label.
    func defaultNodeLabel() {
        var name = Array("label".utf8CString), value = Array("\\N".utf8CString)
        name.withUnsafeMutableBufferPointer { name in
            value.withUnsafeMutableBufferPointer { value in _ = agattr(nil, Int32(AGNODE), name.baseAddress, value.baseAddress) }
        }
    }
}
