#!/usr/bin/env bash
# Builds and runs one fuzz target without cargo-fuzz (stable Rust, libFuzzer from libfuzzer-sys):
#   fuzz/run.sh uci_command 60      # fuzz for 60 seconds
# With cargo-fuzz installed, `cargo +nightly fuzz run <target>` does the same with sanitizers.
set -euo pipefail
cd "$(dirname "$0")"
target="${1:?usage: fuzz/run.sh TARGET [SECONDS]}"
seconds="${2:-60}"
triple="$(rustc -vV | sed -n 's/^host: //p')"
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing" \
  cargo build --release --target "$triple" --target-dir target/stable --bin "$target"
mkdir -p "corpus/$target"
exec "target/stable/$triple/release/$target" "corpus/$target" -max_total_time="$seconds" -max_len=256
