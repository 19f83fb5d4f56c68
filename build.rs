//! Compiles `src/cpu_check.c`, the check that the running CPU has the instructions this build
//! uses (see `src/cpu.rs`), for plain x86-64 whatever the Rust code is built for.

use std::env;

/// The features `src/cpu_check.c` knows, in the order of its table.
const FEATURES: [&str; 15] = [
    "avx",
    "avx2",
    "fma",
    "f16c",
    "bmi1",
    "bmi2",
    "lzcnt",
    "movbe",
    "xsave",
    "sse3",
    "ssse3",
    "sse4.1",
    "sse4.2",
    "popcnt",
    "cmpxchg16b",
];

fn main() {
    println!("cargo:rerun-if-changed=src/cpu_check.c");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64") {
        return;
    }
    // The target features rustc enables for this build (from `-C target-cpu` and friends).
    let enabled = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let enabled: Vec<&str> = enabled.split(',').collect();
    let needs = FEATURES
        .iter()
        .enumerate()
        .filter(|(_, name)| enabled.contains(name))
        .fold(0u32, |mask, (i, _)| mask | 1 << i);
    // For src/cpu.rs's tests: what was enabled, and what the check was asked for.
    println!(
        "cargo:rustc-env=CHESSBOT_TARGET_FEATURES={}",
        enabled.join(",")
    );
    println!("cargo:rustc-env=CHESSBOT_CPU_NEEDS={needs:#x}");
    cc::Build::new()
        .file("src/cpu_check.c")
        .define("CHESSBOT_NEEDS", format!("{needs:#x}u").as_str())
        // Plain x86-64, whatever flags the Rust code gets: this code runs on any x86-64 CPU.
        .flag("-march=x86-64")
        .flag("-mtune=generic")
        .flag("-mno-avx")
        .compile("cpu_check");
}
