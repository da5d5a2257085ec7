// hiredis.pc adds -D_FILE_OFFSET_BITS=64, a flag SwiftPM refuses with a warning, so the
// header is found by its path under /usr/include and the target names no pkg-config file.
#include <hiredis/hiredis.h>
