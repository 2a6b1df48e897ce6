// Graphviz's C API (Debian's libgraphviz-dev headers). The libraries (libgvc, libcgraph) are
// not linked: `GraphvizLibrary` opens them with dlopen on first use and calls them through
// pointers of the types below, so a run that never needs Graphviz does not load them at
// start-up. Calling one of Graphviz's functions directly fails at link time.
#include <stdlib.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/color.h>

// The functions Schematic calls, as pointer types taken from the headers' own declarations.
typedef __typeof__(agclose) *schematic_gv_agclose;
typedef __typeof__(agmemread) *schematic_gv_agmemread;
typedef __typeof__(agreadline) *schematic_gv_agreadline;
typedef __typeof__(agread) *schematic_gv_agread;
typedef __typeof__(agattr) *schematic_gv_agattr;
typedef __typeof__(agfstnode) *schematic_gv_agfstnode;
typedef __typeof__(agnxtnode) *schematic_gv_agnxtnode;
typedef __typeof__(agfstout) *schematic_gv_agfstout;
typedef __typeof__(agnxtout) *schematic_gv_agnxtout;
typedef __typeof__(agnameof) *schematic_gv_agnameof;
typedef __typeof__(agget) *schematic_gv_agget;
typedef __typeof__(aghtmlstr) *schematic_gv_aghtmlstr;
typedef __typeof__(agsafeset) *schematic_gv_agsafeset;
typedef __typeof__(agnnodes) *schematic_gv_agnnodes;
typedef __typeof__(agseterr) *schematic_gv_agseterr;
typedef __typeof__(agerrors) *schematic_gv_agerrors;
typedef __typeof__(agreseterrors) *schematic_gv_agreseterrors;
typedef __typeof__(agseterrf) *schematic_gv_agseterrf;
typedef __typeof__(agisdirected) *schematic_gv_agisdirected;
typedef __typeof__(agfstsubg) *schematic_gv_agfstsubg;
typedef __typeof__(agnxtsubg) *schematic_gv_agnxtsubg;
/// cgraph's DOT scanner (flex, prefix "aag") keeps its buffer and line counter in globals, and a
/// syntax error leaves unread input behind; destroying the scanner resets it for the next text.
/// Exported by libcgraph, but in none of its headers.
typedef int (*schematic_gv_aaglex_destroy)(void);
/// Graphviz's colour names and schemes (colxlate.c), as Graphviz 2.42 defines them: exported by
/// libgvc, declared in none of its installed headers.
typedef int (*schematic_gv_colorxlate)(char *str, gvcolor_t *color, color_type_t target_type);
typedef char *(*schematic_gv_setColorScheme)(char *s);
typedef __typeof__(gvContext) *schematic_gv_gvContext;
typedef __typeof__(gvLayout) *schematic_gv_gvLayout;
typedef __typeof__(gvFreeLayout) *schematic_gv_gvFreeLayout;
typedef __typeof__(gvRenderData) *schematic_gv_gvRenderData;
typedef __typeof__(gvFreeRenderData) *schematic_gv_gvFreeRenderData;
typedef __typeof__(gvPluginList) *schematic_gv_gvPluginList;

// Graphviz's accessor macros (ND_*, ED_*, GD_*, agtail, AGSEQ) read the graph's own records:
// no calls into the libraries.
static inline double schematic_gv_node_x(Agnode_t *n) { return ND_coord(n).x; }
static inline double schematic_gv_node_y(Agnode_t *n) { return ND_coord(n).y; }
static inline double schematic_gv_node_width(Agnode_t *n) { return ND_width(n); }
static inline double schematic_gv_node_height(Agnode_t *n) { return ND_height(n); }
static inline int schematic_gv_node_rank(Agnode_t *n) { return ND_rank(n); }
static inline int schematic_gv_node_order(Agnode_t *n) { return ND_order(n); }

static inline double schematic_gv_bb_llx(Agraph_t *g) { return GD_bb(g).LL.x; }
static inline double schematic_gv_bb_lly(Agraph_t *g) { return GD_bb(g).LL.y; }
static inline double schematic_gv_bb_urx(Agraph_t *g) { return GD_bb(g).UR.x; }
static inline double schematic_gv_bb_ury(Agraph_t *g) { return GD_bb(g).UR.y; }

static inline Agnode_t *schematic_gv_tail(Agedge_t *e) { return agtail(e); }
static inline Agnode_t *schematic_gv_head(Agedge_t *e) { return aghead(e); }

/// The number of control points of an edge's first spline (0 when it has none).
static inline int schematic_gv_edge_point_count(Agedge_t *e) {
    splines *s = ED_spl(e);
    return (s && s->size > 0) ? s->list[0].size : 0;
}
static inline double schematic_gv_edge_point_x(Agedge_t *e, int i) { return ED_spl(e)->list[0].list[i].x; }
static inline double schematic_gv_edge_point_y(Agedge_t *e, int i) { return ED_spl(e)->list[0].list[i].y; }
static inline unsigned long schematic_gv_seq(void *object) { return AGSEQ(object); }
