// libyaml's event parser (Debian's libyaml-dev).
#include <yaml.h>
