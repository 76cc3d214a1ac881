//! Sliders on one 8×8 board looked up by PEXT (its portable form off x86-64-v3): a rook's
//! or bishop's attacks from any cell for any occupancy in one load. Cells are numbered rank by
//! rank from a1 (0) to h8 (63), as every 8×8 geometry numbers them.

use once_cell::sync::Lazy;

/// A rook's steps.
pub const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// A bishop's steps.
pub const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The rook's and the bishop's tables, made once.
pub struct BoardSliders {
    /// Along files and ranks.
    pub rook: Sliders,
    /// Along diagonals.
    pub bishop: Sliders,
}

/// The 8×8 board's sliders.
pub static SLIDERS: Lazy<BoardSliders> =
    Lazy::new(|| BoardSliders { rook: Sliders::new(&ROOK_DIRECTIONS), bishop: Sliders::new(&BISHOP_DIRECTIONS) });

/// A slider's attacks from `cell` along `directions`, stopping at the first of `occupied`.
pub fn ride(cell: usize, directions: &[(i32, i32)], occupied: u64) -> u64 {
    let mut set = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = ((cell % 8) as i32 + df, (cell / 8) as i32 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            set |= bit;
            if occupied & bit != 0 {
                break;
            }
            (f, r) = (f + df, r + dr);
        }
    }
    set
}

/// A slider's attacks for every cell and every occupancy of the cells that can block it,
/// indexed by those cells' occupancy packed into the low bits (PEXT).
pub struct Sliders {
    mask: [u64; 64],
    offset: [usize; 64],
    attacks: Vec<u64>,
}

impl Sliders {
    /// The tables of a slider moving along `directions` (file and rank steps).
    pub fn new(directions: &[(i32, i32)]) -> Sliders {
        let mut mask = [0; 64];
        let mut offset = [0; 64];
        let mut attacks = Vec::new();
        for cell in 0..64 {
            // The last cell of each ray blocks nothing beyond it.
            mask[cell] = directions.iter().fold(0, |set, &d| {
                let ray = ride(cell, &[d], 0);
                let last =
                    (0..64).filter(|&c| ray >> c & 1 == 1 && ride(c, &[d], 0) == 0).fold(0, |end, c| end | 1 << c);
                set | (ray & !last)
            });
            offset[cell] = attacks.len();
            let size = 1usize << mask[cell].count_ones();
            attacks.resize(offset[cell] + size, 0);
            // Every subset of the mask, by the carry-rippler.
            let mut subset = 0u64;
            loop {
                attacks[offset[cell] + pext(subset, mask[cell]) as usize] = ride(cell, directions, subset);
                subset = subset.wrapping_sub(mask[cell]) & mask[cell];
                if subset == 0 {
                    break;
                }
            }
        }
        Sliders { mask, offset, attacks }
    }

    /// The cells the slider on `cell` attacks, stopping at the first of `occupied`.
    #[inline]
    pub fn attacks(&self, cell: usize, occupied: u64) -> u64 {
        self.attacks[self.offset[cell] + pext(occupied, self.mask[cell]) as usize]
    }
}

/// The bits of `value` under `mask`, packed into the low bits.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline]
fn pext(value: u64, mask: u64) -> u64 {
    // SAFETY: the build enables BMI2 (x86-64-v3), checked by the cfg above.
    unsafe { std::arch::x86_64::_pext_u64(value, mask) }
}

/// The bits of `value` under `mask`, packed into the low bits.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline]
fn pext(value: u64, mask: u64) -> u64 {
    portable_pext(value, mask)
}

/// PEXT without the instruction: for processors without BMI2, and to test the two alike.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
fn portable_pext(value: u64, mut mask: u64) -> u64 {
    let mut packed = 0;
    let mut bit = 1;
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            packed |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    #[test]
    fn portable_pext_packs_the_bits_as_the_instruction_does() {
        let mut rng = Rng::new(7);
        for _ in 0..10_000 {
            let (value, mask) = (rng.next_u64(), rng.next_u64() & rng.next_u64());
            assert_eq!(portable_pext(value, mask), pext(value, mask), "{value:x} {mask:x}");
        }
        assert_eq!(portable_pext(0b1011_0000, 0b1111_0000), 0b1011);
    }

    #[test]
    fn sliders_see_the_first_blocker() {
        let t = &*SLIDERS;
        // A rook on a1 with pieces on a4 and f1: a2-a4 and b1-f1.
        let occupied = 1 << 24 | 1 << 5;
        assert_eq!(t.rook.attacks(0, occupied), ride(0, &ROOK_DIRECTIONS, occupied));
        assert_eq!(t.rook.attacks(0, occupied).count_ones(), 3 + 5);
        for cell in 0..64 {
            assert_eq!(t.bishop.attacks(cell, occupied), ride(cell, &BISHOP_DIRECTIONS, occupied));
        }
    }
}
