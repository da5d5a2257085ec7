// The part of Pango's C API that Rendering's text layout uses (Pango 1.50, Debian 12's
// libpango1.0-dev), declared here rather than through pangocairo's pkg-config flags, whose -pthread
// SwiftPM refuses with a warning on every build. Enumerations are passed as the ints they are.
#include <cairo.h>

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct { int x, y, width, height; } PangoRectangle;

enum { LC_PANGO_SCALE = 1024 };
enum { LC_PANGO_STYLE_NORMAL = 0, LC_PANGO_STYLE_ITALIC = 2 };
enum { LC_PANGO_WRAP_WORD_CHAR = 2 };
enum { LC_PANGO_ELLIPSIZE_START = 1, LC_PANGO_ELLIPSIZE_MIDDLE = 2, LC_PANGO_ELLIPSIZE_END = 3 };
enum { LC_PANGO_ALIGN_LEFT = 0, LC_PANGO_ALIGN_CENTER = 1, LC_PANGO_ALIGN_RIGHT = 2 };

PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_context_changed(PangoLayout *layout);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, int weight);
void pango_font_description_set_style(PangoFontDescription *desc, int style);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);

void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
int pango_layout_get_width(PangoLayout *layout);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, int wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, int ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, int alignment);
void pango_layout_set_justify(PangoLayout *layout, int justify);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_line_count(PangoLayout *layout);

void g_object_unref(void *object);
