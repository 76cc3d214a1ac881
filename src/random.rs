//! Vorpal's one random generator, SplitMix64: seeded by the caller so that everything random
//! (hash keys, reference personalities, random openings and setups) can be replayed. Secrets
//! (the GUI's addresses, hidden setups) come from the operating system instead: one output of
//! SplitMix64 gives away its state, and so every later output.

/// `N` bytes from the operating system's random source, for what nobody may predict.
pub fn os_random<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| format!("the system's random source failed: {e}"))?;
    Ok(bytes)
}

/// A SplitMix64 generator; the same seed gives the same numbers on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`, which must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        // The high bits times n: no division, and no bias worth naming for the small n used here.
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_splitmix64_sequence_is_reproduced() {
        // The first outputs of SplitMix64 seeded with 1234567, as its reference code gives them.
        let mut rng = Rng::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let n = rng.below(5);
            assert!(n < 5);
            seen[n] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
