#ifndef KINETYPE_CGIF_SHIM_H
#define KINETYPE_CGIF_SHIM_H

#include <gif_lib.h>

#endif
