//! Attack tables of a loaded variant: leaps per cell and rays per direction, built for its geometry.

use arrayvec::ArrayVec;

use super::sliders::{BoardSliders, BISHOP_DIRECTIONS, ROOK_DIRECTIONS, SLIDERS};
use super::{betza::Step, Color, PieceType, Role, MAX_ROLES};
use crate::geometry::{Bitboard, Cell, Geometry, Word, MAX_CELLS};

/// The cells along one direction from every cell, and which way indices run along it.
struct Ray<W: Word> {
    /// Whether cell indices grow along the ray (then the nearest blocker is the lowest bit).
    ascending: bool,
    /// The ray from each cell, origin excluded.
    cells: Box<[Bitboard<W>; MAX_CELLS]>,
}

/// The moves of one piece type for one colour, in one mode (moving or capturing).
#[derive(Clone, Default)]
pub struct MoveSet<W: Word> {
    /// Per cell, what the piece does from there.
    cells: Vec<CellMoves<W>>,
    /// How many lines (pairs of opposite rays, computed together) the piece rides.
    line_count: usize,
    /// Rays without their opposite, and those of lines beyond `MAX_LINES`.
    rides: Vec<u16>,
}

/// The leaps and lines of a piece from one cell, side by side in memory so that the
/// generator's inner step reads them in one run.
#[derive(Clone, Copy, Default)]
struct CellMoves<W: Word> {
    leaps: Bitboard<W>,
    /// Each line's rays `(descending, ascending)`, the first `line_count` used.
    lines: [(W, W); MAX_LINES],
}

/// What a piece type can do for one colour.
#[derive(Clone, Default)]
pub struct RoleTables<W: Word> {
    quiet: MoveSet<W>,
    capture: MoveSet<W>,
    /// Whether quiet and capture moves are the same (most pieces), to compute them once.
    symmetric: bool,
    /// Per cell, every cell its capturing geometry reaches on an empty board.
    capture_span: Vec<Bitboard<W>>,
    /// Per cell, every cell its moving geometry reaches on an empty board.
    quiet_span: Vec<Bitboard<W>>,
}

/// Leaps shared by a set of roles: the cells from which any of them captures on a cell.
struct LeapGroup<W: Word> {
    from: Vec<Bitboard<W>>,
    roles: Roles,
}

/// Ray directions shared by a set of roles: the first piece along such a ray attacks if it is one of them.
struct RideGroup<W: Word> {
    rays: Vec<u16>,
    /// Per cell, the union of its rays from there: no candidate on it, no attack along any.
    reach: Vec<Bitboard<W>>,
    roles: Roles,
}

/// The lines a piece rides that are computed as pairs (a queen's four); a piece with more
/// rides the others ray by ray. So few that the loop over them is not vectorised, which for
/// a handful of lines would cost more than it saves.
const MAX_LINES: usize = 4;

/// A set of roles; a step belongs to each role at most once, so it never holds more than `MAX_ROLES`.
type Roles = ArrayVec<Role, MAX_ROLES>;

/// The pieces of any of `roles`, as `pieces` gives each role's.
#[inline]
fn of_roles<W: Word>(roles: &Roles, pieces: &impl Fn(Role) -> Bitboard<W>) -> Bitboard<W> {
    roles.iter().fold(Bitboard::EMPTY, |b, &r| b | pieces(r))
}

/// For one attacking colour, every way of reaching a cell, grouped so that one lookup serves
/// every role sharing it (as rook rays serve rook and queen).
#[derive(Default)]
struct AttackIndex<W: Word> {
    leaps: Vec<LeapGroup<W>>,
    rides: Vec<RideGroup<W>>,
}

/// All attack tables of one variant.
pub struct Tables<W: Word> {
    rays: Vec<Ray<W>>,
    ray_keys: Vec<(i8, i8, u8)>,
    roles: Vec<[RoleTables<W>; 2]>,
    index: [AttackIndex<W>; 2],
    /// Where the pieces are FIDE chess's six on plain 8×8 boards: their attack tables.
    army: Option<Army<W>>,
}

/// FIDE chess's six pieces on plain 8×8 boards (one or more): the attackers of a cell are found by three leap
/// lookups and two slider lookups (PEXT), where the general tables loop over groups of steps
/// and scan rays one by one.
struct Army<W: Word> {
    pawn: Role,
    knight: Role,
    bishop: Role,
    rook: Role,
    queen: Role,
    king: Role,
    /// Per colour and cell, the cells from which a pawn of that colour captures on it.
    pawn_from: [Vec<Bitboard<W>>; 2],
    /// Per cell, the cells a knight reaches it from.
    knight_from: Vec<Bitboard<W>>,
    /// Per cell, the cells a king reaches it from.
    king_from: Vec<Bitboard<W>>,
    sliders: &'static BoardSliders,
}

impl<W: Word> Army<W> {
    /// The army's tables, when `pieces` are exactly the six (by what they capture: a pawn
    /// diagonally forward, a knight, a bishop, a rook, a queen, a king) and `g` one or more
    /// plain 8×8 boards.
    fn of(g: &Geometry<W>, pieces: &[PieceType]) -> Option<Army<W>> {
        if (g.files, g.ranks) != (8, 8) || g.holes.iter().any(|h| h.any()) || pieces.len() != 6 {
            return None;
        }
        let keys = |steps: &mut dyn Iterator<Item = (i8, i8, u8)>| {
            let mut keys: Vec<(i8, i8, u8)> = steps.collect();
            keys.sort_unstable();
            keys.dedup();
            keys
        };
        let of = |directions: &[(i32, i32)], range: u8| {
            keys(&mut directions.iter().map(|&(dx, dy)| (dx as i8, dy as i8, range)))
        };
        let queen_steps: Vec<(i32, i32)> = ROOK_DIRECTIONS.iter().chain(&BISHOP_DIRECTIONS).copied().collect();
        let knight_steps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        // In the order of the fields: pawn, knight, bishop, rook, queen, king.
        let shapes = [
            of(&[(-1, 1), (1, 1)], 1),
            of(&knight_steps, 1),
            of(&BISHOP_DIRECTIONS, 0),
            of(&ROOK_DIRECTIONS, 0),
            of(&queen_steps, 0),
            of(&queen_steps, 1),
        ];
        let mut roles = [None; 6];
        for (index, piece) in pieces.iter().enumerate() {
            let captures = keys(&mut piece.steps.iter().filter(|s| s.captures).map(|s| (s.dx, s.dy, s.range)));
            let shape = shapes.iter().position(|shape| *shape == captures)?;
            if roles[shape].replace(Role::new(index as u8)).is_some() {
                return None;
            }
        }
        let [pawn, knight, bishop, rook, queen, king] = roles;
        let from = |steps: &[(i32, i32)]| -> Vec<Bitboard<W>> {
            Cell::up_to(g.area())
                .map(|cell| {
                    steps.iter().filter_map(|&(dx, dy)| g.offset(cell, -dx, -dy)).fold(Bitboard::EMPTY, Bitboard::with)
                })
                .collect()
        };
        Some(Army {
            pawn: pawn?,
            knight: knight?,
            bishop: bishop?,
            rook: rook?,
            queen: queen?,
            king: king?,
            pawn_from: [from(&[(-1, 1), (1, 1)]), from(&[(-1, -1), (1, -1)])],
            knight_from: from(&knight_steps),
            king_from: from(&queen_steps),
            sliders: &SLIDERS,
        })
    }

    /// The pieces among `pieces(role)` of `by` that capture on `cell`, riders stopped by `blockers`.
    #[inline]
    fn attackers(
        &self,
        by: Color,
        cell: Cell,
        blockers: Bitboard<W>,
        pieces: impl Fn(Role) -> Bitboard<W>,
    ) -> Bitboard<W> {
        let at = cell.index();
        let leaps = (self.pawn_from[by.index()][at] & pieces(self.pawn))
            | (self.knight_from[at] & pieces(self.knight))
            | (self.king_from[at] & pieces(self.king));
        let occupied = blockers.0.halves().0;
        let along = |attacks: u64| Bitboard(W::from_wide(attacks as u128));
        let queens = pieces(self.queen);
        let rides = (along(self.sliders.rook.attacks(at, occupied)) & (pieces(self.rook) | queens))
            | (along(self.sliders.bishop.attacks(at, occupied)) & (pieces(self.bishop) | queens));
        // A rider beyond the first blocker is not in the slider's attacks; one short of it is
        // not a blocker.
        leaps | (rides & blockers)
    }
}

impl<W: Word> Tables<W> {
    /// Builds the tables for `pieces` on `geometry`.
    pub fn new(geometry: &Geometry<W>, pieces: &[PieceType]) -> Tables<W> {
        let mut tables = Tables {
            rays: Vec::new(),
            ray_keys: Vec::new(),
            roles: Vec::new(),
            index: Default::default(),
            army: Army::of(geometry, pieces),
        };
        for piece in pieces {
            let mut per_color: [RoleTables<W>; 2] = Default::default();
            for color in Color::ALL {
                // Black's pieces are White's turned half round.
                let turn = |s: &Step| {
                    if color == Color::White {
                        *s
                    } else {
                        Step { dx: -s.dx, dy: -s.dy, ..*s }
                    }
                };
                let steps: Vec<Step> = piece.steps.iter().map(turn).collect();
                let quiet: Vec<Step> = steps.iter().filter(|s| s.moves).copied().collect();
                let capture: Vec<Step> = steps.iter().filter(|s| s.captures).copied().collect();
                let (quiet, capture) = (tables.move_set(geometry, &quiet), tables.move_set(geometry, &capture));
                let span = |set: &MoveSet<W>| {
                    Cell::up_to(geometry.area()).map(|c| tables.reach(set, c, Bitboard::EMPTY)).collect()
                };
                per_color[color.index()] = RoleTables {
                    symmetric: steps.iter().all(|s| s.moves && s.captures),
                    capture_span: span(&capture),
                    quiet_span: span(&quiet),
                    quiet,
                    capture,
                };
            }
            tables.roles.push(per_color);
        }
        for color in Color::ALL {
            tables.index[color.index()] = tables.attack_index(geometry, pieces, color);
        }
        tables
    }

    /// Groups the reversed capture steps of every role by the set of roles sharing them.
    fn attack_index(&mut self, g: &Geometry<W>, pieces: &[PieceType], color: Color) -> AttackIndex<W> {
        let mut by_step: Vec<((i8, i8, u8), Roles)> = Vec::new();
        for (role, piece) in pieces.iter().enumerate() {
            for s in piece.steps.iter().filter(|s| s.captures) {
                // Reversed, and turned for Black.
                let (dx, dy) = if color == Color::White { (-s.dx, -s.dy) } else { (s.dx, s.dy) };
                match by_step.iter_mut().find(|(k, _)| *k == (dx, dy, s.range)) {
                    Some((_, roles)) => roles.push(Role::new(role as u8)),
                    None => by_step.push(((dx, dy, s.range), std::iter::once(Role::new(role as u8)).collect())),
                }
            }
        }
        let mut index = AttackIndex::default();
        for ((dx, dy, range), roles) in by_step {
            if range == 1 {
                let group = match index.leaps.iter_mut().position(|l| l.roles == roles) {
                    Some(i) => &mut index.leaps[i],
                    None => {
                        index.leaps.push(LeapGroup { from: vec![Bitboard::EMPTY; g.area()], roles });
                        index.leaps.last_mut().expect("just pushed")
                    }
                };
                for cell in Cell::up_to(g.area()) {
                    if let Some(to) = g.offset(cell, dx as i32, dy as i32) {
                        group.from[cell.index()] = group.from[cell.index()].with(to);
                    }
                }
            } else {
                let id = self.ray_id(g, dx, dy, range);
                let group = match index.rides.iter().position(|r| r.roles == roles) {
                    Some(i) => &mut index.rides[i],
                    None => {
                        index.rides.push(RideGroup { rays: Vec::new(), reach: vec![Bitboard::EMPTY; g.area()], roles });
                        index.rides.last_mut().expect("just pushed")
                    }
                };
                group.rays.push(id);
                for (cell, reach) in group.reach.iter_mut().enumerate() {
                    *reach |= self.rays[id as usize].cells[cell];
                }
            }
        }
        index
    }

    /// The cells on the rays from `cell` along which some piece among `pieces(role)` of `by`
    /// could capture on it, blockers aside.
    #[inline]
    pub fn rider_lines(&self, by: Color, cell: Cell, pieces: impl Fn(Role) -> Bitboard<W>) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for group in &self.index[by.index()].rides {
            let candidates = of_roles(&group.roles, &pieces);
            let reach = group.reach[cell.index()];
            if (candidates & reach).is_empty() {
                continue;
            }
            for &id in &group.rays {
                let line = self.rays[id as usize].cells[cell.index()];
                if (line & candidates).any() {
                    out |= line;
                }
            }
        }
        out
    }

    /// Pieces in `own` that alone stand between `cell` and a rider of `by` that would reach it.
    #[inline]
    pub fn pinned(
        &self,
        by: Color,
        cell: Cell,
        blockers: Bitboard<W>,
        own: Bitboard<W>,
        pieces: impl Fn(Role) -> Bitboard<W>,
    ) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for group in &self.index[by.index()].rides {
            let candidates = of_roles(&group.roles, &pieces);
            if (candidates & group.reach[cell.index()]).is_empty() {
                continue;
            }
            for &id in &group.rays {
                let ray = &self.rays[id as usize];
                let line = ray.cells[cell.index()];
                let hit = line & blockers;
                if (line & candidates).is_empty() || hit.is_empty() {
                    continue;
                }
                let nearest = |b: Bitboard<W>| {
                    if ray.ascending {
                        b.lowest()
                    } else {
                        b.highest()
                    }
                };
                let first = nearest(hit);
                let rest = hit.without(first);
                if own.contains(first) && rest.any() && candidates.contains(nearest(rest)) {
                    out = out.with(first);
                }
            }
        }
        out
    }

    /// The pieces among `pieces(role)` that capture on `cell`; `pieces` gives the attacker's
    /// pieces of a role on the layer, `blockers` stops riders. With `first_only`, stops at the first found.
    #[inline]
    pub fn attackers(
        &self,
        by: Color,
        cell: Cell,
        blockers: Bitboard<W>,
        pieces: impl Fn(Role) -> Bitboard<W>,
        first_only: bool,
    ) -> Bitboard<W> {
        self.scan::<false>(by, cell, blockers, pieces, first_only)
    }

    /// The pieces among `pieces(role)` that capture on `cell`, with every cell between a rider
    /// among them and `cell`: where a piece must land or capture to stop all these attacks.
    #[inline]
    pub fn attack_lines(
        &self,
        by: Color,
        cell: Cell,
        blockers: Bitboard<W>,
        pieces: impl Fn(Role) -> Bitboard<W>,
    ) -> Bitboard<W> {
        self.scan::<true>(by, cell, blockers, pieces, false)
    }

    /// The attackers of `cell`, or with `LINES` also the cells between the riders and `cell`.
    #[inline]
    fn scan<const LINES: bool>(
        &self,
        by: Color,
        cell: Cell,
        blockers: Bitboard<W>,
        pieces: impl Fn(Role) -> Bitboard<W>,
        first_only: bool,
    ) -> Bitboard<W> {
        if let (false, Some(army)) = (LINES, &self.army) {
            return army.attackers(by, cell, blockers, pieces);
        }
        let index = &self.index[by.index()];
        let mut out = Bitboard::EMPTY;
        for group in &index.leaps {
            let from = group.from[cell.index()];
            if from.any() {
                let candidates = of_roles(&group.roles, &pieces);
                out |= from & candidates;
                if first_only && out.any() {
                    return out;
                }
            }
        }
        for group in &index.rides {
            let candidates = of_roles(&group.roles, &pieces);
            if (candidates & group.reach[cell.index()]).is_empty() {
                continue;
            }
            for &id in &group.rays {
                let ray = &self.rays[id as usize];
                let line = ray.cells[cell.index()];
                let hit = line & blockers;
                // No candidate on the ray, no attack along it, whatever blocks it.
                if (line & candidates).is_empty() || hit.is_empty() {
                    continue;
                }
                let first = if ray.ascending { hit.lowest() } else { hit.highest() };
                if candidates.contains(first) {
                    out = if LINES { out | (line & !ray.cells[first.index()]) } else { out.with(first) };
                    if first_only {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// Whether a piece among `near(role)`, riders stopped by `near_blockers`, or among
    /// `far(role)`, riders stopped by `far_blockers`, captures on `cell`: one attack test over
    /// two boards, their leaps looked up once.
    #[inline]
    pub fn attacked_from_two(
        &self,
        by: Color,
        cell: Cell,
        (near_blockers, near): (Bitboard<W>, impl Fn(Role) -> Bitboard<W>),
        (far_blockers, far): (Bitboard<W>, impl Fn(Role) -> Bitboard<W>),
    ) -> bool {
        if let Some(army) = &self.army {
            return (army.attackers(by, cell, near_blockers, near) | army.attackers(by, cell, far_blockers, far)).any();
        }
        let index = &self.index[by.index()];
        for group in &index.leaps {
            let from = group.from[cell.index()];
            if from.any() && (from & (of_roles(&group.roles, &near) | of_roles(&group.roles, &far))).any() {
                return true;
            }
        }
        for group in &index.rides {
            let reach = group.reach[cell.index()];
            let boards = [
                (of_roles(&group.roles, &near) & reach, near_blockers),
                (of_roles(&group.roles, &far) & reach, far_blockers),
            ];
            if (boards[0].0 | boards[1].0).is_empty() {
                continue;
            }
            for &id in &group.rays {
                let ray = &self.rays[id as usize];
                let line = ray.cells[cell.index()];
                for (candidates, blockers) in boards {
                    let hit = line & blockers;
                    if (line & candidates).any() && hit.any() {
                        let first = if ray.ascending { hit.lowest() } else { hit.highest() };
                        if candidates.contains(first) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn move_set(&mut self, g: &Geometry<W>, steps: &[Step]) -> MoveSet<W> {
        let mut set = MoveSet { cells: vec![CellMoves::default(); g.area()], line_count: 0, rides: vec![] };
        for s in steps {
            if s.range == 1 {
                for cell in Cell::up_to(g.area()) {
                    if let Some(to) = g.offset(cell, s.dx as i32, s.dy as i32) {
                        let moves = &mut set.cells[cell.index()];
                        moves.leaps = moves.leaps.with(to);
                    }
                }
            } else {
                let id = self.ray_id(g, s.dx, s.dy, s.range);
                if !set.rides.contains(&id) {
                    set.rides.push(id);
                }
            }
        }
        // Pair each ascending ray with its opposite so that both are found in one step.
        let keys = self.ray_keys.clone();
        let mut lines = Vec::new();
        for &up in set.rides.clone().iter().filter(|&&id| self.rays[id as usize].ascending) {
            let (dx, dy, range) = keys[up as usize];
            let down = set.rides.iter().find(|&&id| keys[id as usize] == (-dx, -dy, range));
            if let Some(&down) = down.filter(|_| lines.len() < MAX_LINES) {
                set.rides.retain(|&id| id != up && id != down);
                lines.push((down as usize, up as usize));
            }
        }
        set.line_count = lines.len();
        for (cell, moves) in set.cells.iter_mut().enumerate() {
            for (pair, &(down, up)) in moves.lines.iter_mut().zip(&lines) {
                *pair = (self.rays[down].cells[cell].0, self.rays[up].cells[cell].0);
            }
        }
        set
    }

    fn ray_id(&mut self, g: &Geometry<W>, dx: i8, dy: i8, range: u8) -> u16 {
        if let Some(i) = self.ray_keys.iter().position(|&k| k == (dx, dy, range)) {
            return i as u16;
        }
        let mut cells = Box::new([Bitboard::EMPTY; MAX_CELLS]);
        for cell in Cell::up_to(g.area()) {
            let mut at = cell;
            let mut n = 0;
            while let Some(next) = g.offset(at, dx as i32, dy as i32) {
                cells[cell.index()] = cells[cell.index()].with(next);
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
    fn ride(&self, id: u16, cell: Cell, blockers: Bitboard<W>) -> Bitboard<W> {
        let ray = &self.rays[id as usize];
        let all = ray.cells[cell.index()];
        let hit = all & blockers;
        if hit.is_empty() {
            return all;
        }
        let first = if ray.ascending { hit.lowest() } else { hit.highest() };
        all & !ray.cells[first.index()]
    }

    #[inline]
    fn reach(&self, set: &MoveSet<W>, cell: Cell, blockers: Bitboard<W>) -> Bitboard<W> {
        let moves = &set.cells[cell.index()];
        let mut out = moves.leaps;
        for &(lower, upper) in &moves.lines[..set.line_count] {
            // Obstruction difference: from the nearest blocker below to the nearest above.
            let below = lower & blockers.0;
            let above = upper & blockers.0;
            let nearest_below = W::bit((below | W::bit(Cell::new(0))).highest());
            out |= Bitboard((lower | upper) & (above ^ above.wrapping_sub(nearest_below)));
        }
        for &id in &set.rides {
            out |= self.ride(id, cell, blockers);
        }
        out
    }

    /// The cells a piece of `role` and `color` on `cell` reaches on an empty board: capturing, moving.
    #[inline]
    pub fn spans(&self, role: Role, color: Color, cell: Cell) -> (Bitboard<W>, Bitboard<W>) {
        self.role(role, color).spans(cell)
    }

    /// The tables of `role` for `color`: a generator looping over one role's pieces looks them up once.
    #[inline]
    pub fn role(&self, role: Role, color: Color) -> &RoleTables<W> {
        &self.roles[role.index()][color.index()]
    }

    /// The cells a piece of `role` and `color` on `cell` could capture on, riders stopped by `blockers`.
    #[inline]
    pub fn capture_reach(&self, role: Role, color: Color, cell: Cell, blockers: Bitboard<W>) -> Bitboard<W> {
        self.reach(&self.roles[role.index()][color.index()].capture, cell, blockers)
    }

    /// Both the quiet and the capture reach, computing once when they are the same.
    #[inline]
    pub fn quiet_and_capture(
        &self,
        role: Role,
        color: Color,
        cell: Cell,
        blockers: Bitboard<W>,
    ) -> (Bitboard<W>, Bitboard<W>) {
        self.quiet_and_capture_of(self.role(role, color), cell, blockers)
    }

    /// [`Tables::quiet_and_capture`] from a role's tables already looked up.
    #[inline]
    pub fn quiet_and_capture_of(
        &self,
        t: &RoleTables<W>,
        cell: Cell,
        blockers: Bitboard<W>,
    ) -> (Bitboard<W>, Bitboard<W>) {
        let capture = self.reach(&t.capture, cell, blockers);
        let quiet = if t.symmetric { capture } else { self.reach(&t.quiet, cell, blockers) };
        (quiet, capture)
    }
}

impl<W: Word> RoleTables<W> {
    /// The cells a piece on `cell` reaches on an empty board: capturing, moving.
    #[inline]
    pub fn spans(&self, cell: Cell) -> (Bitboard<W>, Bitboard<W>) {
        (self.capture_span[cell.index()], self.quiet_span[cell.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::betza;
    use crate::random::Rng;

    fn piece(letter: char, b: &str) -> PieceType {
        PieceType { letter, betza: b.into(), steps: betza::parse(b).unwrap() }
    }

    #[test]
    fn rook_stops_at_first_blocker() {
        let g: Geometry = Geometry::new(8, 8, 1).unwrap();
        let t = Tables::new(&g, &[piece('R', "R")]);
        let a1 = g.cell(0, 0);
        let blockers = Bitboard::from_cell(g.cell(0, 3)) | Bitboard::from_cell(g.cell(5, 0));
        let (reach, _) = t.quiet_and_capture(Role::new(0), Color::White, a1, blockers);
        assert_eq!(reach.count(), 3 + 5);
        assert!(reach.contains(g.cell(0, 3)) && !reach.contains(g.cell(0, 4)));
    }

    #[test]
    fn lines_beyond_the_paired_ones_are_ridden_ray_by_ray() {
        // Queen and nightrider: eight lines, twice what is computed in pairs.
        let g: Geometry = Geometry::new(9, 10, 1).unwrap();
        let amazon = piece('A', "QNN");
        let t = Tables::new(&g, std::slice::from_ref(&amazon));
        let set = &t.role(Role::new(0), Color::White).capture;
        assert_eq!((set.line_count, set.rides.len()), (MAX_LINES, 8));
        let mut rng = Rng::new(1);
        for _ in 0..50 {
            let mut blockers = Bitboard::EMPTY;
            for _ in 0..20 {
                blockers = blockers.with(Cell::new(rng.below(90) as u8));
            }
            for cell in Cell::up_to(90usize) {
                let mut walked = Bitboard::EMPTY;
                for s in &amazon.steps {
                    let mut at = cell;
                    while let Some(next) = g.offset(at, s.dx as i32, s.dy as i32) {
                        walked = walked.with(next);
                        if blockers.contains(next) {
                            break;
                        }
                        at = next;
                    }
                }
                assert_eq!(t.quiet_and_capture(Role::new(0), Color::White, cell, blockers).0, walked, "cell {cell:?}");
            }
        }
    }

    #[test]
    fn pawn_captures_from_is_reversed() {
        let g = Geometry::new(8, 8, 1).unwrap();
        let t = Tables::new(&g, &[piece('P', "fmWfcF")]);
        let e4 = g.cell(4, 3);
        let everywhere = |_| Bitboard(u128::MAX);
        let from = t.attackers(Color::White, e4, Bitboard::EMPTY, everywhere, false);
        assert_eq!(from, Bitboard::from_cell(g.cell(3, 2)) | Bitboard::from_cell(g.cell(5, 2)));
        let black = t.attackers(Color::Black, e4, Bitboard::EMPTY, everywhere, false);
        assert_eq!(black, Bitboard::from_cell(g.cell(3, 4)) | Bitboard::from_cell(g.cell(5, 4)));
    }

    #[test]
    fn fide_armys_lookups_agree_with_the_scan_of_rays() {
        let g: Geometry = Geometry::new(8, 8, 1).unwrap();
        // In a shuffled order, so that the army is found by what the pieces capture.
        let pieces =
            [piece('K', "K"), piece('B', "B"), piece('P', "fmWfcF"), piece('Q', "Q"), piece('N', "N"), piece('R', "R")];
        let t = Tables::new(&g, &pieces);
        assert!(t.army.is_some());
        let scanned = Tables { army: None, ..Tables::new(&g, &pieces) };
        let mut rng = Rng::new(3);
        let mut found = 0;
        for _ in 0..300 {
            let mut by_role = [Bitboard::EMPTY; 6];
            for _ in 0..rng.below(24) {
                let role = rng.below(6);
                by_role[role] = by_role[role].with(Cell::new(rng.below(64) as u8));
            }
            let occupied = by_role.iter().fold(Bitboard::EMPTY, |x, &y| x | y);
            // As the exchange sees it: captured pieces no longer block, yet still listed.
            let mut gone = Bitboard::EMPTY;
            for _ in 0..rng.below(3) {
                gone = gone.with(Cell::new(rng.below(64) as u8));
            }
            let blockers = occupied & !gone;
            for cell in Cell::up_to(64usize) {
                for by in Color::ALL {
                    let pieces = |r: Role| by_role[r.index()];
                    let all = t.attackers(by, cell, blockers, pieces, false);
                    assert_eq!(all, scanned.attackers(by, cell, blockers, pieces, false), "cell {cell:?}");
                    let any = t.attackers(by, cell, blockers, pieces, true).any();
                    assert_eq!(any, scanned.attackers(by, cell, blockers, pieces, true).any(), "cell {cell:?}");
                    found += all.count() as usize;
                    // Alice's test over two boards: this board and the same turned half round.
                    let turned = |r: Role| Bitboard(by_role[r.index()].0.reverse_bits() >> 64);
                    let far = Bitboard(occupied.0.reverse_bits() >> 64);
                    let two = |t: &Tables<u128>| t.attacked_from_two(by, cell, (blockers, pieces), (far, turned));
                    assert_eq!(two(&t), two(&scanned), "cell {cell:?}");
                }
            }
        }
        assert!(found > 10_000, "{found} attackers found");
    }

    #[test]
    fn other_armies_and_boards_scan_rays() {
        let fide =
            [piece('P', "fmWfcF"), piece('N', "N"), piece('B', "B"), piece('R', "R"), piece('Q', "Q"), piece('K', "K")];
        let large: Geometry = Geometry::new(10, 8, 1).unwrap();
        assert!(Tables::new(&large, &fide).army.is_none());
        let small: Geometry = Geometry::new(8, 8, 1).unwrap();
        let mut cardinal = fide.clone();
        cardinal[2] = piece('C', "BN");
        assert!(Tables::new(&small, &cardinal).army.is_none());
        assert!(Tables::new(&small, &fide[..5]).army.is_none());
    }

    #[test]
    fn two_board_test_agrees_with_two_scans() {
        let g: Geometry = Geometry::new(6, 7, 1).unwrap();
        let roles = [piece('P', "fmWfcF"), piece('C', "BN"), piece('R', "R"), piece('Q', "Q"), piece('K', "K")];
        let t = Tables::new(&g, &roles);
        let mut rng = Rng::new(2);
        let mut random_board = || {
            let mut by_role = [Bitboard::EMPTY; 5];
            for _ in 0..3 {
                let role = rng.below(5);
                by_role[role] = by_role[role].with(Cell::new(rng.below(42) as u8));
            }
            by_role
        };
        let mut attacked = 0;
        for _ in 0..200 {
            let (near, far) = (random_board(), random_board());
            let blockers = |b: &[Bitboard; 5]| b.iter().fold(Bitboard::EMPTY, |x, &y| x | y);
            let (near_blockers, far_blockers) = (blockers(&near), blockers(&far));
            for cell in Cell::up_to(42usize) {
                for by in Color::ALL {
                    let apart = t.attackers(by, cell, near_blockers, |r| near[r.index()], true).any()
                        || t.attackers(by, cell, far_blockers, |r| far[r.index()], true).any();
                    let together = t.attacked_from_two(
                        by,
                        cell,
                        (near_blockers, |r| near[r.index()]),
                        (far_blockers, |r| far[r.index()]),
                    );
                    assert_eq!(apart, together, "cell {cell:?}");
                    attacked += apart as usize;
                }
            }
        }
        // Both answers come up often, so the comparison means something.
        assert!((1_000..15_800).contains(&attacked), "{attacked} of 16,800 attacked");
    }
}
