// Graphviz's C API (Debian's libgraphviz-dev) and small inline helpers for what Swift cannot
// reach: the ND_* / ED_* / GD_* accessor macros and the Agdirected global.
#include <stdlib.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

static inline Agdesc_t schematic_gv_directed(void) { return Agdirected; }
static inline int schematic_gv_is_directed(Agraph_t *g) { return agisdirected(g); }

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

// cgraph's DOT scanner (flex, prefix "aag") keeps its buffer and line counter in globals, and a
// syntax error leaves unread input behind; destroying the scanner resets it for the next text.
extern int aaglex_destroy(void);

/// Reads the next graph of a text through `afread` (cgraph's `agread` with its default memory
/// and id disciplines; they are C globals Swift cannot point to safely). The I/O discipline is
/// static because a graph keeps a pointer to it; only one read runs at a time (callers lock).
static inline Agraph_t *schematic_gv_read_next(void *chan, int (*afread)(void *, char *, int)) {
    static Agiodisc_t io;
    static Agdisc_t disc;
    io = AgIoDisc;
    io.afread = afread;
    disc.mem = &AgMemDisc;
    disc.id = &AgIdDisc;
    disc.io = &io;
    return agread(chan, &disc);
}

/// Makes `\N` (the node's name) the default node label of every graph read from now on, as
/// Graphviz's own tools assume, so a node with `label=""` can be told from one with no label.
static inline void schematic_gv_default_node_label(void) { agattr(NULL, AGNODE, "label", "\\N"); }
