//! Attack tables of a loaded variant: leaps per cell and rays per direction, built for its geometry.



use super::{betza::Step, Color, PieceType};
use crate::geometry::{Bitboard, Cell, Geometry, MAX_CELLS};

/// The cells along one direction from every cell, and which way indices run along it.
struct Ray {
    /// Whether cell indices grow along the ray (then the nearest blocker is the lowest bit).
    ascending: bool,
    /// The ray from each cell, origin excluded.
    cells: Box<[Bitboard; MAX_CELLS]>,
}

/// The moves of one piece type for one colour, in one mode (moving or capturing).
#[derive(Clone, Default)]
pub struct MoveSet {
    leaps: Vec<Bitboard>,
    rides: Vec<u16>,
}

/// What a piece type can do for one colour.
#[derive(Clone, Default)]
struct RoleTables {
    quiet: MoveSet,
    capture: MoveSet,
    /// The cells from which this piece would capture on a given cell.
    capture_from: MoveSet,
    /// Whether quiet and capture moves are the same (most pieces), to compute them once.
    symmetric: bool,
}

/// All attack tables of one variant.
pub struct Tables {
    rays: Vec<Ray>,
    ray_keys: Vec<(i8, i8, u8)>,
    roles: Vec<[RoleTables; 2]>,
}

impl Tables {
    /// Builds the tables for `pieces` on `geometry`.
    pub fn new(geometry: &Geometry, pieces: &[PieceType]) -> Tables {
        let mut tables = Tables { rays: Vec::new(), ray_keys: Vec::new(), roles: Vec::new() };
        for piece in pieces {
            let mut per_color: [RoleTables; 2] = Default::default();
            for color in Color::ALL {
                // Black's pieces are White's turned half round.
                let turn = |s: &Step| if color == Color::White { *s } else { Step { dx: -s.dx, dy: -s.dy, ..*s } };
                let steps: Vec<Step> = piece.steps.iter().map(turn).collect();
                let quiet: Vec<Step> = steps.iter().filter(|s| s.moves).copied().collect();
                let capture: Vec<Step> = steps.iter().filter(|s| s.captures).copied().collect();
                let capture_from: Vec<Step> = capture.iter().map(|s| Step { dx: -s.dx, dy: -s.dy, ..*s }).collect();
                per_color[color.index()] = RoleTables {
                    symmetric: steps.iter().all(|s| s.moves && s.captures),
                    quiet: tables.move_set(geometry, &quiet),
                    capture: tables.move_set(geometry, &capture),
                    capture_from: tables.move_set(geometry, &capture_from),
                };
            }
            tables.roles.push(per_color);
        }
        tables
    }

    fn move_set(&mut self, g: &Geometry, steps: &[Step]) -> MoveSet {
        let mut set = MoveSet { leaps: vec![Bitboard::EMPTY; g.area()], rides: Vec::new() };
        for s in steps {
            if s.range == 1 {
                for cell in 0..g.area() as Cell {
                    if let Some(to) = g.offset(cell, s.dx as i32, s.dy as i32) {
                        set.leaps[cell as usize] = set.leaps[cell as usize].with(to);
                    }
                }
            } else {
                let id = self.ray_id(g, s.dx, s.dy, s.range);
                if !set.rides.contains(&id) {
                    set.rides.push(id);
                }
            }
        }
        set
    }

    fn ray_id(&mut self, g: &Geometry, dx: i8, dy: i8, range: u8) -> u16 {
        if let Some(i) = self.ray_keys.iter().position(|&k| k == (dx, dy, range)) {
            return i as u16;
        }
        let mut cells = Box::new([Bitboard::EMPTY; MAX_CELLS]);
        for cell in 0..g.area() as Cell {
            let mut at = cell;
            let mut n = 0;
            while let Some(next) = g.offset(at, dx as i32, dy as i32) {
                cells[cell as usize] = cells[cell as usize].with(next);
                at = next;
                n += 1;
                if range != 0 && n >= range {
                    break;
                }
            }
        }
        self.rays.push(Ray { ascending: dy > 0 || (dy == 0 && dx > 0), cells });
        self.ray_keys.push((dx, dy, range));
        (self.rays.len() - 1) as u16
    }

    #[inline]
    fn ride(&self, id: u16, cell: Cell, blockers: Bitboard) -> Bitboard {
        let ray = &self.rays[id as usize];
        let all = ray.cells[cell as usize];
        let hit = all & blockers;
        if hit.is_empty() {
            return all;
        }
        let first = if ray.ascending { hit.lowest() } else { hit.highest() };
        all & !ray.cells[first as usize]
    }

    #[inline]
    fn reach(&self, set: &MoveSet, cell: Cell, blockers: Bitboard) -> Bitboard {
        let mut out = set.leaps[cell as usize];
        for &id in &set.rides {
            out |= self.ride(id, cell, blockers);
        }
        out
    }

    /// Cells a piece on `cell` could move to if empty (blockers stop riders, and are included).
    #[inline]
    pub fn quiet(&self, role: u8, color: Color, cell: Cell, blockers: Bitboard) -> Bitboard {
        self.reach(&self.roles[role as usize][color.index()].quiet, cell, blockers)
    }

    /// Cells a piece on `cell` could capture on (blockers stop riders, and are included).
    #[inline]
    pub fn capture(&self, role: u8, color: Color, cell: Cell, blockers: Bitboard) -> Bitboard {
        self.reach(&self.roles[role as usize][color.index()].capture, cell, blockers)
    }

    /// Both the quiet and the capture reach, computing once when they are the same.
    #[inline]
    pub fn quiet_and_capture(&self, role: u8, color: Color, cell: Cell, blockers: Bitboard) -> (Bitboard, Bitboard) {
        let t = &self.roles[role as usize][color.index()];
        let capture = self.reach(&t.capture, cell, blockers);
        let quiet = if t.symmetric { capture } else { self.reach(&t.quiet, cell, blockers) };
        (quiet, capture)
    }

    /// Cells from which a piece of `role` and `color` would capture on `cell`.
    #[inline]
    pub fn capture_from(&self, role: u8, color: Color, cell: Cell, blockers: Bitboard) -> Bitboard {
        self.reach(&self.roles[role as usize][color.index()].capture_from, cell, blockers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::betza;

    fn piece(letter: char, b: &str) -> PieceType {
        PieceType { letter, betza: b.into(), steps: betza::parse(b).unwrap() }
    }

    #[test]
    fn rook_stops_at_first_blocker() {
        let g = Geometry::new(8, 8, 1).unwrap();
        let t = Tables::new(&g, &[piece('R', "R")]);
        let a1 = g.cell(0, 0);
        let blockers = Bitboard::from_cell(g.cell(0, 3)) | Bitboard::from_cell(g.cell(5, 0));
        let reach = t.quiet(0, Color::White, a1, blockers);
        assert_eq!(reach.count(), 3 + 5);
        assert!(reach.contains(g.cell(0, 3)) && !reach.contains(g.cell(0, 4)));
    }

    #[test]
    fn pawn_captures_from_is_reversed() {
        let g = Geometry::new(8, 8, 1).unwrap();
        let t = Tables::new(&g, &[piece('P', "fmWfcF")]);
        let e4 = g.cell(4, 3);
        let from = t.capture_from(0, Color::White, e4, Bitboard::EMPTY);
        assert_eq!(from, Bitboard::from_cell(g.cell(3, 2)) | Bitboard::from_cell(g.cell(5, 2)));
        let black = t.capture_from(0, Color::Black, e4, Bitboard::EMPTY);
        assert_eq!(black, Bitboard::from_cell(g.cell(3, 4)) | Bitboard::from_cell(g.cell(5, 4)));
    }
}
