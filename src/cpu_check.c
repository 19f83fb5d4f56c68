/* Whether the running CPU has the instructions chessbot was built to use (see src/cpu.rs).
 *
 * Written in C and compiled for plain x86-64 (build.rs), not in Rust: every Rust instruction
 * of a build for x86-64-v3 may be an AVX one, those of a check written in Rust included, while
 * this file cannot. It runs as a constructor, before the Rust runtime and `main`, and ends the
 * process with a message where a feature is missing.
 * CHESSBOT_NEEDS (from build.rs) holds one bit per feature of `features` the build enables. */

#include <cpuid.h>
#include <unistd.h>

#ifndef CHESSBOT_NEEDS
#define CHESSBOT_NEEDS 0u
#endif

enum reg { LEAF1_ECX, LEAF7_EBX, EXT1_ECX };

/* One feature: its name as rustc spells it, the register and bit cpuid reports it in, and
 * whether it also needs the OS to save the AVX registers. */
struct feature {
    const char *name;
    enum reg reg;
    unsigned bit;
    int avx_state;
};

/* The AVX family first: what an older CPU most likely lacks leads the message. */
static const struct feature features[] = {
    {"avx", LEAF1_ECX, 28, 1},   {"avx2", LEAF7_EBX, 5, 1},        {"fma", LEAF1_ECX, 12, 1},
    {"f16c", LEAF1_ECX, 29, 1},  {"bmi1", LEAF7_EBX, 3, 0},        {"bmi2", LEAF7_EBX, 8, 0},
    {"lzcnt", EXT1_ECX, 5, 0},   {"movbe", LEAF1_ECX, 22, 0},      {"xsave", LEAF1_ECX, 26, 0},
    {"sse3", LEAF1_ECX, 0, 0},   {"ssse3", LEAF1_ECX, 9, 0},       {"sse4.1", LEAF1_ECX, 19, 0},
    {"sse4.2", LEAF1_ECX, 20, 0}, {"popcnt", LEAF1_ECX, 23, 0},    {"cmpxchg16b", LEAF1_ECX, 13, 0},
};

#define FEATURES (sizeof features / sizeof features[0])

/* The name of feature `i`, or NULL past the last. */
const char *chessbot_cpu_feature(unsigned i) {
    return i < FEATURES ? features[i].name : 0;
}

/* The features of `needs` a CPU lacks, given its cpuid registers and XCR0 (0 where the OS has
 * not enabled XGETBV, leaf 1's ECX bit 27). */
unsigned chessbot_cpu_missing(unsigned needs, unsigned leaf1_ecx, unsigned leaf7_ebx,
                              unsigned ext1_ecx, unsigned long long xcr0) {
    unsigned regs[3] = {leaf1_ecx, leaf7_ebx, ext1_ecx};
    int os_saves_avx = (leaf1_ecx >> 27 & 1) && (xcr0 & 6) == 6;
    unsigned missing = 0;
    for (unsigned i = 0; i < FEATURES; i++) {
        int has = regs[features[i].reg] >> features[i].bit & 1;
        if (features[i].avx_state && !os_saves_avx) has = 0;
        if ((needs >> i & 1) && !has) missing |= 1u << i;
    }
    return missing;
}

/* The running CPU's answer to chessbot_cpu_missing for this build. */
unsigned chessbot_cpu_missing_here(void) {
    unsigned a, b, c, d, leaf1_ecx = 0, leaf7_ebx = 0, ext1_ecx = 0;
    unsigned long long xcr0 = 0;
    if (__get_cpuid(1, &a, &b, &c, &d)) leaf1_ecx = c;
    if (__get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        leaf7_ebx = b;
    }
    if (__get_cpuid(0x80000001u, &a, &b, &c, &d)) ext1_ecx = c;
    if (leaf1_ecx >> 27 & 1) {
        unsigned lo, hi;
        /* XGETBV with ECX=0, spelled as bytes: the mnemonic needs -mxsave. */
        __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = (unsigned long long)hi << 32 | lo;
    }
    return chessbot_cpu_missing(CHESSBOT_NEEDS, leaf1_ecx, leaf7_ebx, ext1_ecx, xcr0);
}

static void say(const char *text) {
    const char *end = text;
    while (*end) end++;
    /* Nothing better to do where stderr is gone: the exit code still tells. */
    if (write(2, text, (size_t)(end - text)) < 0) return;
}

__attribute__((constructor)) static void refuse_if_missing(void) {
    unsigned missing = chessbot_cpu_missing_here();
    if (!missing) return;
    say("chessbot: this build uses instructions this CPU lacks (");
    int first = 1;
    for (unsigned i = 0; i < FEATURES; i++) {
        if (!(missing >> i & 1)) continue;
        if (!first) say(", ");
        say(features[i].name);
        first = 0;
    }
    say("); build it for this CPU with RUSTFLAGS=\"-C target-cpu=native\" cargo install --path .\n");
    _exit(1);
}
