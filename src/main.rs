//! The `vorpal` binary: parses the command line and runs the command.

fn main() {
    if let Some(missing) = missing_cpu_feature() {
        eprintln!(
            "error: this vorpal was built for x86-64-v3 processors, and this one lacks {missing}; \
             rebuild it with RUSTFLAGS=\"-C target-cpu=x86-64\" cargo build --release"
        );
        std::process::exit(2);
    }
    std::process::exit(vorpal::cli::run());
}

/// A processor feature the build relies on (.cargo/config.toml) that this processor lacks: told
/// plainly rather than found out by an illegal-instruction crash mid-game. Asked of the processor
/// itself: `is_x86_feature_detected!` answers yes for whatever the build enables.
fn missing_cpu_feature() -> Option<&'static str> {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        use std::arch::x86_64::{__cpuid, __cpuid_count};
        // Leaf 7 holds AVX2 and BMI; a processor whose highest leaf is below it has neither.
        let leaf7 = if __cpuid(0).eax >= 7 { __cpuid_count(7, 0).ebx } else { 0 };
        let features = [
            ("popcnt", __cpuid(1).ecx >> 23),
            ("avx2", leaf7 >> 5),
            ("bmi1", leaf7 >> 3),
            ("bmi2", leaf7 >> 8),
            ("lzcnt", __cpuid(0x8000_0001).ecx >> 5),
        ];
        if let Some((name, _)) = features.into_iter().find(|&(_, bit)| bit & 1 == 0) {
            return Some(name);
        }
    }
    None
}
