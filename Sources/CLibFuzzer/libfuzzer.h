#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, in the binary when it is linked with -sanitize=fuzzer (scripts/fuzz.sh):
// it runs the fuzzing loop on `callback` with the command line's options and corpus folders.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
