#ifndef KINETYPE_CZOPFLI_SHIM_H
#define KINETYPE_CZOPFLI_SHIM_H

#include <stdlib.h>
#include <zopfli/zopfli.h>

#endif
