// zlib's inflate, for gzip-compressed input (Debian's zlib1g-dev).
#include <zlib.h>
