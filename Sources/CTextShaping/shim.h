// HarfBuzz (shaping, subsetting), FreeType (font files) and fontconfig (font look-up and
// fallback), from Debian's libharfbuzz-dev, libfreetype-dev and libfontconfig-dev.
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>
#include <fontconfig/fontconfig.h>
