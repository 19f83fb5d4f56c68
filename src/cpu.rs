//! The running CPU against the instructions this build was compiled to use.
//!
//! `.cargo/config.toml` builds x86-64 for `x86-64-v3` (AVX2, FMA, BMI2: every x86-64 CPU since
//! about 2015). On an older CPU such a binary would die on its first AVX2 instruction with a
//! bare "Illegal instruction"; `main` asks the CPU first and says what to do instead. The
//! question goes to `cpuid` itself (through raw-cpuid): `is_x86_feature_detected!` answers yes
//! at compile time for every feature the build enables, the very ones to check.

use std::io::Write;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use raw_cpuid::{CpuId, CpuIdReader};

    /// Every feature checked: its name, whether this build uses it, and whether a CPU's
    /// `cpuid` (and `xcr0`, the register states its OS saves) report it.
    type Check<R> = (&'static str, bool, fn(&CpuId<R>, u64) -> bool);

    /// The OS saves the SSE and AVX registers on a context switch: without that, AVX is
    /// unusable even on a CPU that has it.
    fn os_saves_avx<R: CpuIdReader>(cpu: &CpuId<R>, xcr0: u64) -> bool {
        cpu.get_feature_info().is_some_and(|f| f.has_oxsave()) && xcr0 & 0b110 == 0b110
    }

    /// Leaf 1's answer to `has`.
    fn basic<R: CpuIdReader>(cpu: &CpuId<R>, has: fn(&raw_cpuid::FeatureInfo) -> bool) -> bool {
        cpu.get_feature_info().is_some_and(|f| has(&f))
    }

    /// Leaf 7's answer to `has`.
    fn extended<R: CpuIdReader>(
        cpu: &CpuId<R>,
        has: fn(&raw_cpuid::ExtendedFeatures) -> bool,
    ) -> bool {
        cpu.get_extended_feature_info().is_some_and(|f| has(&f))
    }

    fn checks<R: CpuIdReader>() -> [Check<R>; 10] {
        [
            ("sse4.2", cfg!(target_feature = "sse4.2"), |c, _| {
                basic(c, |f| f.has_sse42())
            }),
            ("popcnt", cfg!(target_feature = "popcnt"), |c, _| {
                basic(c, |f| f.has_popcnt())
            }),
            ("avx", cfg!(target_feature = "avx"), |c, x| {
                basic(c, |f| f.has_avx()) && os_saves_avx(c, x)
            }),
            ("avx2", cfg!(target_feature = "avx2"), |c, x| {
                extended(c, |f| f.has_avx2()) && os_saves_avx(c, x)
            }),
            ("fma", cfg!(target_feature = "fma"), |c, x| {
                basic(c, |f| f.has_fma()) && os_saves_avx(c, x)
            }),
            ("f16c", cfg!(target_feature = "f16c"), |c, _| {
                basic(c, |f| f.has_f16c())
            }),
            ("movbe", cfg!(target_feature = "movbe"), |c, _| {
                basic(c, |f| f.has_movbe())
            }),
            ("bmi1", cfg!(target_feature = "bmi1"), |c, _| {
                extended(c, |f| f.has_bmi1())
            }),
            ("bmi2", cfg!(target_feature = "bmi2"), |c, _| {
                extended(c, |f| f.has_bmi2())
            }),
            ("lzcnt", cfg!(target_feature = "lzcnt"), |c, _| {
                c.get_extended_processor_and_feature_identifiers()
                    .is_some_and(|f| f.has_lzcnt())
            }),
        ]
    }

    /// The features this build uses that `cpu` (its OS saving the states `xcr0`) lacks.
    pub(super) fn missing_in<R: CpuIdReader>(cpu: &CpuId<R>, xcr0: u64) -> Vec<&'static str> {
        checks::<R>()
            .iter()
            .filter(|(_, used, has)| *used && !has(cpu, xcr0))
            .map(|(name, _, _)| *name)
            .collect()
    }

    /// The features this build uses, by name.
    #[cfg(test)]
    pub(super) fn used() -> Vec<&'static str> {
        checks::<raw_cpuid::CpuIdReaderNative>()
            .iter()
            .filter(|c| c.1)
            .map(|c| c.0)
            .collect()
    }

    /// The features this build uses that the running CPU lacks.
    pub(super) fn missing() -> Vec<&'static str> {
        let cpu = CpuId::new();
        let osxsave = cpu.get_feature_info().is_some_and(|f| f.has_oxsave());
        missing_in(&cpu, if osxsave { xcr0() } else { 0 })
    }

    /// XCR0, read where the OS has enabled `xgetbv` (OSXSAVE).
    #[cfg(target_feature = "xsave")]
    fn xcr0() -> u64 {
        // SAFETY: called only when cpuid reports OSXSAVE: the instruction exists and is on.
        unsafe { std::arch::x86_64::_xgetbv(0) }
    }

    /// A build without `xsave` uses no AVX: report the OS's AVX support as on.
    #[cfg(not(target_feature = "xsave"))]
    fn xcr0() -> u64 {
        0b110
    }
}

/// Exits with 1 and a message naming them where the running CPU lacks instructions this build
/// uses. Every instruction of this crate may be one of them (built for x86-64-v3, even a plain
/// copy of 16 bytes is an AVX instruction): the message is written piece by piece through std,
/// which is built for every x86-64 CPU, not formatted here (`join` faulted on such a CPU). This
/// holds by the compiler's choices, not by construction: under `qemu-x86_64 -cpu Westmere` the
/// release build prints the message, but a debug build faults in `missing_in`'s `collect`.
pub fn refuse_if_missing() {
    let missing = missing();
    if missing.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    let mut say = |text: &str| {
        // Nothing better to do where stderr is gone: the exit code still tells.
        let _ = err.write_all(text.as_bytes());
    };
    say("chessbot: this build uses instructions this CPU lacks (");
    for (i, name) in missing.iter().enumerate() {
        if i > 0 {
            say(", ");
        }
        say(name);
    }
    say(
        "); build it for this CPU with RUSTFLAGS=\"-C target-cpu=native\" cargo install --path .\n",
    );
    std::process::exit(1);
}

/// The instructions this build uses that the running CPU lacks (none on other architectures).
pub fn missing() -> Vec<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::missing()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Vec::new()
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::x86::{missing_in, used};
    use raw_cpuid::{CpuId, CpuIdResult};

    /// A CPU reporting every register of every leaf as `bits`, except `clear` (leaf, register
    /// 0-3 for EAX-EDX, bit).
    fn cpu(bits: u32, clear: Option<(u32, usize, u32)>) -> CpuId<impl raw_cpuid::CpuIdReader> {
        CpuId::with_cpuid_reader(move |leaf: u32, _sub: u32| {
            let mut r = [bits; 4];
            if leaf == 0 || leaf == 0x8000_0000 {
                // The highest leaf: all of the ones read here.
                r[0] = leaf + 7;
            }
            if let Some((l, reg, bit)) = clear
                && l == leaf
            {
                r[reg] &= !(1 << bit);
            }
            CpuIdResult {
                eax: r[0],
                ebx: r[1],
                ecx: r[2],
                edx: r[3],
            }
        })
    }

    #[test]
    fn a_cpu_with_every_feature_lacks_none() {
        assert!(missing_in(&cpu(u32::MAX, None), u64::MAX).is_empty());
    }

    #[test]
    fn a_cpu_without_a_feature_the_build_uses_is_told_apart() {
        let uses = |name| used().contains(&name);
        // AVX2 is leaf 7's EBX bit 5.
        let no_avx2 = missing_in(&cpu(u32::MAX, Some((7, 1, 5))), u64::MAX);
        assert_eq!(no_avx2, if uses("avx2") { vec!["avx2"] } else { vec![] });
        // An OS that does not save the AVX registers takes every AVX feature away.
        let lost = missing_in(&cpu(u32::MAX, None), 1);
        for name in ["avx", "avx2", "fma"] {
            assert_eq!(lost.contains(&name), uses(name), "{name}");
        }
        assert_eq!(missing_in(&cpu(0, None), 0), used());
    }

    #[test]
    fn the_machine_running_the_tests_has_what_the_build_uses() {
        // The tests run on the machine that built them, with the same flags.
        assert_eq!(super::missing(), Vec::<&str>::new());
    }
}
