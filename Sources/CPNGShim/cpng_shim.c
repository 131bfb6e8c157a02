#include "cpng_shim.h"
#include <png.h>
int cpng_shim_version(void) { return (int)png_access_version_number(); }
