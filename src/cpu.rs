//! The running CPU against the instructions this build was compiled to use.
//!
//! `.cargo/config.toml` builds x86-64 for `x86-64-v3` (AVX2, FMA, BMI2: every x86-64 CPU since
//! about 2015). On an older CPU such a binary would die on its first AVX2 instruction with a
//! bare "Illegal instruction". The check lives in `src/cpu_check.c`, compiled for plain x86-64
//! by `build.rs` and run as a constructor before the Rust runtime starts: any Rust instruction
//! of this build may itself be an AVX one, those of a check written in Rust included. Where a
//! feature is missing it writes `chessbot: this build uses instructions this CPU lacks (avx,
//! avx2, ...); build it for this CPU with ...` and exits 1.

#[cfg(target_arch = "x86_64")]
unsafe extern "C" {
    /// The features of `needs` (one bit per `chessbot_cpu_feature` index) that a CPU with
    /// these cpuid registers (leaf 1 ECX, leaf 7 EBX, leaf 0x8000_0001 ECX) and XCR0 lacks.
    #[cfg_attr(not(test), allow(dead_code))]
    safe fn chessbot_cpu_missing(
        needs: u32,
        leaf1_ecx: u32,
        leaf7_ebx: u32,
        ext1_ecx: u32,
        xcr0: u64,
    ) -> u32;
    /// The running CPU's missing features of those this build uses.
    safe fn chessbot_cpu_missing_here() -> u32;
    /// The name of feature `i`, or null past the last.
    safe fn chessbot_cpu_feature(i: u32) -> *const std::ffi::c_char;
}

/// The names of the features set in `mask`.
#[cfg(target_arch = "x86_64")]
fn names(mask: u32) -> Vec<&'static str> {
    (0..32)
        .map_while(|i| {
            let name = chessbot_cpu_feature(i);
            // SAFETY: a non-null answer points to a static NUL-terminated ASCII string.
            (!name.is_null()).then(|| (i, unsafe { std::ffi::CStr::from_ptr(name) }))
        })
        .filter(|(i, _)| mask >> i & 1 == 1)
        .filter_map(|(_, name)| name.to_str().ok())
        .collect()
}

/// The instructions this build uses that the running CPU lacks (none on other architectures).
/// A binary on such a CPU never gets this far: the C check has already ended it. Calling this
/// also keeps that check linked into the binary.
pub fn missing() -> Vec<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        names(chessbot_cpu_missing_here())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Vec::new()
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::{chessbot_cpu_missing, names};

    /// Every feature the C table knows, as a mask.
    fn all() -> u32 {
        (1 << names(u32::MAX).len()) - 1
    }

    /// The mask of the named features.
    fn mask(of: &[&str]) -> u32 {
        let known = names(u32::MAX);
        of.iter().fold(0, |m, name| {
            let i = known.iter().position(|k| k == name).expect(name);
            m | 1 << i
        })
    }

    /// The features rustc enabled for this build, as build.rs saw them.
    fn enabled() -> Vec<&'static str> {
        env!("CHESSBOT_TARGET_FEATURES").split(',').collect()
    }

    #[test]
    fn a_cpu_with_every_feature_lacks_none() {
        assert_eq!(
            chessbot_cpu_missing(all(), u32::MAX, u32::MAX, u32::MAX, u64::MAX),
            0
        );
        assert_eq!(
            chessbot_cpu_missing(all(), 0, 0, 0, 0),
            all(),
            "a CPU with none"
        );
    }

    #[test]
    fn each_feature_is_read_from_its_own_bit() {
        // (name, register 0-2 for leaf 1 ECX, leaf 7 EBX, leaf 0x8000_0001 ECX, bit)
        for (name, reg, bit) in [
            ("avx2", 1, 5),
            ("fma", 0, 12),
            ("bmi2", 1, 8),
            ("lzcnt", 2, 5),
        ] {
            let mut regs = [u32::MAX; 3];
            regs[reg] &= !(1 << bit);
            let lost = chessbot_cpu_missing(all(), regs[0], regs[1], regs[2], u64::MAX);
            assert_eq!(names(lost), vec![name]);
        }
    }

    #[test]
    fn an_os_that_does_not_save_the_avx_registers_takes_avx_away() {
        let avx = mask(&["avx", "avx2", "fma", "f16c"]);
        let lost = chessbot_cpu_missing(all(), u32::MAX, u32::MAX, u32::MAX, 1);
        assert_eq!(lost, avx);
        // Nor without OSXSAVE (leaf 1 ECX bit 27), whatever XCR0 reads.
        let lost = chessbot_cpu_missing(all(), !(1 << 27), u32::MAX, u32::MAX, u64::MAX);
        assert_eq!(lost, avx);
        // Features the build does not use are never reported.
        assert_eq!(
            chessbot_cpu_missing(mask(&["bmi2"]), 0, 0, 0, 0),
            mask(&["bmi2"])
        );
    }

    #[test]
    fn the_check_asks_for_the_features_rustc_enabled() {
        let needs = chessbot_cpu_missing(all(), 0, 0, 0, 0) & build_needs();
        let known = names(u32::MAX);
        // Every feature above the x86-64 baseline that rustc enabled is one the C table knows.
        for feature in enabled() {
            if !["fxsr", "sse", "sse2", ""].contains(&feature) {
                assert!(
                    known.contains(&feature),
                    "{feature} unknown to src/cpu_check.c"
                );
            }
        }
        // And build.rs asked for exactly those of the table.
        let asked: Vec<&str> = names(needs);
        let wanted: Vec<&str> = known
            .into_iter()
            .filter(|k| enabled().contains(k))
            .collect();
        assert_eq!(asked, wanted);
    }

    /// The mask build.rs gave the C check.
    fn build_needs() -> u32 {
        let hex = env!("CHESSBOT_CPU_NEEDS").trim_start_matches("0x");
        u32::from_str_radix(hex, 16).unwrap()
    }

    #[test]
    fn the_machine_running_the_tests_has_what_the_build_uses() {
        // The tests run on the machine that built them, with the same flags.
        assert_eq!(super::missing(), Vec::<&str>::new());
    }
}
