// One libFuzzer target: compiled with -DFUZZ_ENTRY=sharevia_fuzz_<target> and linked against
// libFuzzHooks.so, whose Swift entry point checks the invariants and traps when one breaks.
#include <stddef.h>
#include <stdint.h>

int FUZZ_ENTRY(const uint8_t *data, long size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return FUZZ_ENTRY(data, (long)size); }
