#!/bin/sh
# Called by meson: swift-build.sh SWIFT PACKAGE_ROOT SCRATCH_DIR OUTPUT
set -eu
swift=$1 root=$2 scratch=${TANDEM_SWIFT_SCRATCH:-$3} output=$4
# (TANDEM_SWIFT_SCRATCH: a SwiftPM build folder kept between builds; the end-to-end tests share
# one between their X11 and Wayland runs, so the release build is made once.)
# The Swift runtime and Foundation linked in: less to load and relocate at every launch.
"$swift" build -c release --product tandem --static-swift-stdlib --package-path "$root" --scratch-path "$scratch"
cp "$("$swift" build -c release --static-swift-stdlib --package-path "$root" --scratch-path "$scratch" --show-bin-path)/tandem" "$output"
