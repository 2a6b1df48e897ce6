// libFuzzer's driver entry point (compiler-rt's libclang_rt.fuzzer, linked by -sanitize=fuzzer).
// SchematicFuzz's own main calls it, because SwiftPM names an executable's entry point itself
// and so libFuzzer's main cannot be used.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*user_callback)(const uint8_t *data, size_t size));
