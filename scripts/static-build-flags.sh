#!/usr/bin/env bash
# The `swift build` flags of the release build that starts fastest, for the demo and bench scripts.
# Source it from the package root (Linux), then pass the array:
#
#   source scripts/static-build-flags.sh
#   swift build -c release "${STATIC_BUILD_FLAGS[@]}" --product sharevia
#
# --static-swift-stdlib  the Swift runtime and FoundationEssentials linked in: no Swift library to load.
# -Xlinker -no-pie       a fixed-address executable: ld.so applies none of its ~41,000 relative
#                        relocations, so about 90 fewer pages are copied on write at start (0.5 million
#                        fewer instructions). The price: the executable's own code and data are not
#                        address-randomised (shared libraries, heap and stacks still are).
# libstdc++ linked in    the Swift runtime is C++, and binding libstdc++.so's symbols costs ld.so about
#                        1.7 million instructions a run. The runtime's link file asks for -lstdc++, so a
#                        folder holding only libstdc++.a goes on the library path ahead of the
#                        compiler's own folder, where -lstdc++ would find the shared library.
#
# Measured with callgrind and GNU time on `sharevia --version`: 12.2 million instructions and 504 page
# faults with --static-swift-stdlib alone, 10.0 million and 329 with all three.
static_libs="$PWD/.build-static-libs"
libstdcxx=$("$(dirname "$(command -v swift)")/clang" -print-file-name=libstdc++.a)
STATIC_BUILD_FLAGS=(--static-swift-stdlib -Xlinker -no-pie)
if [[ -f "$libstdcxx" ]]; then
  mkdir -p "$static_libs"
  ln -sf "$libstdcxx" "$static_libs/libstdc++.a"
  STATIC_BUILD_FLAGS+=(-Xswiftc "-L$static_libs")
fi
