#ifndef KINETYPE_CIMAGEQUANT_SHIM_H
#define KINETYPE_CIMAGEQUANT_SHIM_H

#include <libimagequant.h>

#endif
