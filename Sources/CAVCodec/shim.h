#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

// Function-like macros Swift cannot import.

/// Cairo's CAIRO_FORMAT_ARGB32: 32-bit native-endian ARGB words.
static inline enum AVPixelFormat layercast_av_pix_fmt_cairo(void) { return AV_PIX_FMT_RGB32; }
static inline int layercast_averror(int posix_error) { return AVERROR(posix_error); }
static inline int layercast_averror_eof(void) { return AVERROR_EOF; }
static inline int layercast_averror_eagain(void) { return AVERROR(EAGAIN); }
