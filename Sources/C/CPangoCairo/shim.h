#ifndef KINETYPE_CPANGOCAIRO_SHIM_H
#define KINETYPE_CPANGOCAIRO_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ot.h>
#include <fribidi.h>
#include <pixman.h>

/// PANGO_SCALE is a macro Swift can see, but re-export it typed for clarity.
static const int kinetype_pango_scale = PANGO_SCALE;

#endif
