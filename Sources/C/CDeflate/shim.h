#ifndef KINETYPE_CDEFLATE_SHIM_H
#define KINETYPE_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
