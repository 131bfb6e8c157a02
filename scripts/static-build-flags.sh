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
# libpng and zlib linked in  no PNG library to load when a share only copies bytes (archives from
#                        libpng-dev and zlib1g-dev, through a private copy of libpng.pc).
# --disable-local-rpath  no $ORIGIN run path: ld.so looked for each library in about ten folders
#                        of the build tree before the system's.
#
# Measured with callgrind and GNU time on `sharevia --version`: 12.2 million instructions and 504 page
# faults with --static-swift-stdlib alone, 10.0 million and 329 with -no-pie and libstdc++ too.
# Whatever is missing (an archive, pkg-config) only leaves that library linked dynamically.
static_libs="$PWD/.build-static-libs"
libstdcxx=$("$(dirname "$(command -v swift)")/clang" -print-file-name=libstdc++.a)
STATIC_BUILD_FLAGS=(--static-swift-stdlib -Xlinker -no-pie --disable-local-rpath)
mkdir -p "$static_libs"
[[ -f "$libstdcxx" ]] && ln -sf "$libstdcxx" "$static_libs/libstdc++.a"
for archive in libpng16.a libz.a; do
  for dir in /usr/lib/x86_64-linux-gnu /usr/lib/aarch64-linux-gnu /usr/lib64 /usr/lib; do
    if [[ -f "$dir/$archive" ]]; then ln -sf "$dir/$archive" "$static_libs/$archive"; break; fi
  done
done
compgen -G "$static_libs/*.a" >/dev/null && STATIC_BUILD_FLAGS+=(-Xswiftc "-L$static_libs")
# pkg-config puts -L/usr/lib/<triple> (where libpng16.so is) ahead of every other folder; a copy of
# libpng.pc whose libdir is the archive folder makes -lpng16 and -lz find the archives instead.
libpng_pc="$(pkg-config --variable pcfiledir libpng 2>/dev/null)/libpng.pc"
if [[ -f "$libpng_pc" && -e "$static_libs/libpng16.a" && -e "$static_libs/libz.a" ]]; then
  mkdir -p "$static_libs/pkgconfig"
  sed "s|^libdir=.*|libdir=$static_libs|" "$libpng_pc" >"$static_libs/pkgconfig/libpng.pc"
  STATIC_BUILD_FLAGS+=(--pkg-config-path "$static_libs/pkgconfig")
fi
