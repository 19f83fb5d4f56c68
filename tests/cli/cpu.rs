//! `chessbot` on a CPU older than the one the build targets, emulated by qemu-user
//! (`apt-get install qemu-user`). Only builds that need AVX2 (the default x86-64-v3 target)
//! have an older CPU to refuse.
#![cfg(all(target_arch = "x86_64", target_feature = "avx2"))]

use crate::common;
use std::path::Path;
use std::process::Command;

/// Runs the binary under `qemu -cpu MODEL` with `--version`.
fn on_cpu(qemu: &Path, model: &str) -> std::process::Output {
    Command::new(qemu)
        .args(["-cpu", model, env!("CARGO_BIN_EXE_chessbot"), "--version"])
        .output()
        .expect("qemu-x86_64 runs")
}

#[test]
fn an_older_cpu_gets_a_message_instead_of_an_illegal_instruction() {
    let Some(qemu) = common::require_program("qemu-x86_64") else {
        return;
    };
    // Westmere (2010): SSE4.2 and POPCNT, no AVX.
    let old = on_cpu(&qemu, "Westmere");
    let stderr = String::from_utf8_lossy(&old.stderr);
    assert_eq!(old.status.code(), Some(1), "stderr: {stderr}");
    assert!(old.stdout.is_empty());
    let message = stderr
        .lines()
        .find(|l| l.starts_with("chessbot:"))
        .unwrap_or_else(|| panic!("no message in {stderr}"));
    assert!(
        message.contains("lacks (avx, avx2, fma, f16c, bmi1, bmi2, lzcnt, movbe, xsave)"),
        "{message}"
    );
    assert!(message.contains("target-cpu=native"), "{message}");
    // Sandy Bridge (2011) has AVX but not AVX2.
    let avx = on_cpu(&qemu, "SandyBridge");
    assert_eq!(avx.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&avx.stderr).contains("lacks (avx2, fma, f16c,"));
    // Haswell (2013), the first with all of x86-64-v3, runs it.
    let new = on_cpu(&qemu, "Haswell");
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    assert!(String::from_utf8_lossy(&new.stdout).starts_with("chessbot "));
}
