//! A small neural network that evaluates FIDE chess, Alice Chess, Inside-out Chess, Monochrome
//! Chess, Lilliputian Monochromatic Alice Chess or Through the Looking-Glass: the pieces on
//! their cells, seen from each side, feed one hidden layer per side; the two layers, the
//! mover's first, give the score.

use std::ops::Range;

use arrayvec::ArrayVec;

use crate::geometry::{Square, Word};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::variant::family::Family;
use crate::variant::Variant;

/// Neurons of the hidden layer of each side.
pub const HIDDEN: usize = 256;
/// The factor of the hidden layer's weights and biases in their integers.
pub const QA: i32 = 255;
/// The factor of the output weights in their integers.
pub const QB: i32 = 64;
/// The largest network file read (FIDE chess's is under 0.5 MiB, Alice Chess's under 1 MiB).
pub const MAX_NETWORK_BYTES: u64 = 64 << 20;
/// Centipawns per unit of the network's output: it learns scores in units of 400 of its
/// teacher's centipawns, which this keeps, so that a pawn is worth about 100 and the search's
/// margins, set on the hand-made evaluation's scale, mean what they did there.
const SCALE: i32 = 400;

/// The largest score the network gives, in centipawns: beyond any count of material and well
/// below the mate scores, whatever a network file holds.
const MAX_SCORE: i64 = 10_000;

/// Inputs of one side's view per board relation: a piece of either side, of six kinds, on one
/// of 64 cells.
const ONE_VIEW: usize = 2 * 6 * 64;

/// Files (and ranks) of Inside-out's board.
const INSIDE_OUT_SIDE: usize = 6;

/// Cells of one Inside-out board.
const INSIDE_OUT_CELLS: usize = INSIDE_OUT_SIDE * INSIDE_OUT_SIDE;

/// Inside-out's inputs: a piece of either side, of five kinds, in one of 72 places (the outer
/// board's 36 cells, then the inner layer's, of which only the eight dual fields exist).
const INSIDE_OUT_VIEW: usize = two_boards_view(5, INSIDE_OUT_CELLS);

/// Files of an LMA board.
const LMA_FILES: usize = 6;

/// Cells of one LMA board (6 files by 7 ranks).
const LMA_CELLS: usize = LMA_FILES * 7;

/// LMA's inputs: a piece of either side, of five kinds, on one of the 42 cells of either board.
const LMA_VIEW: usize = two_boards_view(5, LMA_CELLS);

/// Looking-Glass's inputs: a piece of either side, of six kinds, on one of the 64 cells of
/// either world.
const LOOKING_GLASS_VIEW: usize = two_boards_view(6, 64);

/// Inputs of one view of `kinds` kinds of piece of either side on two boards of `cells` cells.
const fn two_boards_view(kinds: usize, cells: usize) -> usize {
    2 * kinds * 2 * cells
}

/// The largest lead in captured points that Monochrome's network tells apart: a larger one is
/// seen as this. Self-play seldom goes further before its games are called won, so inputs for
/// larger leads would never be trained.
const LEAD_SEEN: i32 = 16;

/// What a network's inputs are: which input each piece feeds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// FIDE chess: a piece of either side, of six kinds, on one of 64 cells (768 inputs).
    OneBoard,
    /// Alice Chess: the same, and whether the piece stands on the board of the viewer's own
    /// king or on the other (1,536 inputs). The two boards are alike, so the king's board is
    /// what tells them apart; a king's move, which always changes its board, changes its
    /// side's view of every piece.
    KingsBoard,
    /// Inside-out Chess: a piece of either side, of five kinds (P N B R K), on a cell of the 6x6
    /// board or in one of its eight inner cells (720 inputs, those of cells that do not exist
    /// never set). Black's view turns the board over rank by rank, which keeps the dual fields
    /// where they are, as the rules do.
    DualFields,
    /// Monochrome Chess: FIDE chess's inputs, and the viewer's lead in captured points: one
    /// input for each of "ahead by at least 1", … "by at least 16" and the same behind, so that
    /// a lead of 5 sets five (800 inputs). The points decide the game, and the board does not
    /// show them.
    ScoreLead,
    /// Lilliputian Monochromatic Alice: a piece of either side, of five kinds (P C R Q K), on a
    /// cell of either 6x7 board (840 inputs). The boards are chequered in opposite patterns, so
    /// a piece's board and cell say which of its moves change boards. Black's view turns each
    /// board over and swaps the two, as Black's army starts on the first board where White's
    /// starts on the second; the rules read the same that way.
    BothBoards,
    /// Through the Looking-Glass: a piece of either side, of six kinds, on a cell of either 8x8
    /// world (1,536 inputs). Black's view turns each world over and swaps the two, as LMA's
    /// does: Black's army starts in the Mirror world where White's starts in the Real one.
    TwoWorlds,
    /// FIDE chess's inputs, each side's view turned left to right while its own king stands on
    /// files e–h, so that the king is always seen on files a–d (768 inputs). What the network
    /// learns of a king's corner then holds for both corners; a king crossing between files d
    /// and e changes its side's view of every piece.
    KingsHalf,
}

/// What each side's king tells its view of the pieces (White's, Black's): with
/// [`Inputs::KingsBoard`] the board it stands on, with [`Inputs::KingsHalf`] 1 where it stands on
/// files e–h; 0 for other inputs.
pub type KingViews = [usize; 2];

impl Inputs {
    /// How many inputs there are.
    pub const fn count(self) -> usize {
        match self {
            Inputs::OneBoard => ONE_VIEW,
            Inputs::KingsBoard => 2 * ONE_VIEW,
            Inputs::DualFields => INSIDE_OUT_VIEW,
            Inputs::ScoreLead => ONE_VIEW + 2 * LEAD_SEEN as usize,
            Inputs::BothBoards => LMA_VIEW,
            Inputs::TwoWorlds => LOOKING_GLASS_VIEW,
            Inputs::KingsHalf => ONE_VIEW,
        }
    }

    /// The first three bytes of a network file with these inputs; the fourth is the format.
    const fn magic(self) -> &'static [u8; 3] {
        match self {
            Inputs::OneBoard => b"VNN",
            Inputs::KingsBoard => b"VNA",
            Inputs::DualFields => b"VNI",
            Inputs::ScoreLead => b"VNM",
            Inputs::BothBoards => b"VNL",
            Inputs::TwoWorlds => b"VNG",
            Inputs::KingsHalf => b"VNK",
        }
    }

    /// Every layout, in the order [`Inputs::any`] names them.
    const ALL: [Inputs; 7] = [
        Inputs::OneBoard,
        Inputs::KingsBoard,
        Inputs::DualFields,
        Inputs::ScoreLead,
        Inputs::BothBoards,
        Inputs::TwoWorlds,
        Inputs::KingsHalf,
    ];

    /// What a variant needs for some network to evaluate it.
    pub fn any() -> String {
        let each: Vec<&str> = Inputs::ALL.iter().map(|inputs| inputs.fits()).collect();
        format!("a network evaluates {}", each.join(", or "))
    }

    /// What the variant of a network with these inputs is.
    const fn fits(self) -> &'static str {
        match self {
            Inputs::OneBoard => {
                "FIDE chess's pieces (P N B R Q K, in that order) on one 8x8 board under FIDE chess's rules"
            }
            Inputs::KingsBoard => {
                "FIDE chess's pieces (P N B R Q K, in that order) on two or three 8x8 boards under Alice Chess's rules"
            }
            Inputs::DualFields => {
                "Inside-out Chess's pieces (P N B R K, in that order) on its 6x6 board and inner cells"
            }
            Inputs::ScoreLead => {
                "FIDE chess's pieces (P N B R Q K, in that order) on one 8x8 board under Monochrome's rules"
            }
            Inputs::BothBoards => "LMA's pieces (P C R Q K, in that order) on two 6x7 boards under LMA's rules",
            Inputs::TwoWorlds => {
                "FIDE chess's pieces (P N B R Q K, in that order) on two 8x8 boards under Through the Looking-Glass's rules"
            }
            Inputs::KingsHalf => {
                "FIDE chess's pieces (P N B R Q K, in that order) on one 8x8 board under FIDE chess's rules, seen by the king's half"
            }
        }
    }

    /// The inputs that evaluate `variant`, if a network can: FIDE chess's pieces on 8x8 boards,
    /// one under FIDE chess's or Monochrome's rules or two under Alice's or Looking-Glass's,
    /// Inside-out's pieces on its boards, or LMA's on its.
    pub fn of<W: Word>(variant: &Variant<W>) -> Option<Inputs> {
        let g = &variant.geometry();
        let letters: String = variant.pieces.iter().map(|p| p.letter).collect();
        match (variant.family(), g.files, g.ranks, g.layers, letters.as_str()) {
            (Family::Fide(_), 8, 8, 1, "PNBRQK") => Some(Inputs::OneBoard),
            (Family::Alice(_), 8, 8, 2 | 3, "PNBRQK") => Some(Inputs::KingsBoard),
            (Family::InsideOut(_), 6, 6, 2, "PNBRK") => Some(Inputs::DualFields),
            (Family::Monochrome(_), 8, 8, 1, "PNBRQK") => Some(Inputs::ScoreLead),
            (Family::Lma(_), 6, 7, 2, "PCRQK") => Some(Inputs::BothBoards),
            (Family::LookingGlass(_), 8, 8, 2, "PNBRQK") => Some(Inputs::TwoWorlds),
            _ => None,
        }
    }

    /// The other layout of inputs a network for the same variant may have: FIDE chess's
    /// inputs seen by the king's half ([`Inputs::KingsHalf`]).
    pub const fn mirrored(self) -> Option<Inputs> {
        match self {
            Inputs::OneBoard => Some(Inputs::KingsHalf),
            _ => None,
        }
    }

    /// The input of a piece on `sq` seen by White and by Black (the board turned over, the sides
    /// swapped), each side's king telling its view what `kings` says ([`KingViews`]).
    #[inline(always)]
    pub fn features(self, color: Color, role: Role, sq: Square, kings: KingViews) -> [usize; 2] {
        match self {
            Inputs::OneBoard | Inputs::ScoreLead => Inputs::one_board_features(color, role, sq),
            Inputs::KingsBoard => {
                let [white, black] = Inputs::one_board_features(color, role, sq);
                let other_board = |viewer: usize| usize::from(sq.layer().index() != kings[viewer]) * ONE_VIEW;
                [white + other_board(0), black + other_board(1)]
            }
            // A view's inputs run over the cells in blocks of 64, so the lowest three bits are
            // the file, and flipping them turns the board left to right.
            Inputs::KingsHalf => {
                let [white, black] = Inputs::one_board_features(color, role, sq);
                [white ^ (7 * kings[0]), black ^ (7 * kings[1])]
            }
            // Inside-out's inner cells are where their outer cells are, seen from either side.
            Inputs::DualFields => {
                Inputs::two_boards_features::<INSIDE_OUT_SIDE, INSIDE_OUT_CELLS, INSIDE_OUT_VIEW, false>(
                    color, role, sq,
                )
            }
            Inputs::BothBoards => Inputs::two_boards_features::<LMA_FILES, LMA_CELLS, LMA_VIEW, true>(color, role, sq),
            Inputs::TwoWorlds => Inputs::two_boards_features::<8, 64, LOOKING_GLASS_VIEW, true>(color, role, sq),
        }
    }

    /// [`Inputs::features`] of one 8x8 board: the piece's kind, side and cell.
    #[inline(always)]
    fn one_board_features(color: Color, role: Role, sq: Square) -> [usize; 2] {
        let (own, cell, piece) = (color.index(), sq.cell().index(), role.index() * 64);
        let half = ONE_VIEW / 2;
        [own * half + piece + cell, (1 - own) * half + piece + (cell ^ 56)]
    }

    /// [`Inputs::features`] on two boards of `FILES` files and `CELLS` cells, `VIEW` inputs in
    /// all (Inside-out, LMA, Looking-Glass): Black sees each board turned over rank by rank, and
    /// the other board where White sees one if `SWAP_BOARDS`.
    #[inline]
    fn two_boards_features<const FILES: usize, const CELLS: usize, const VIEW: usize, const SWAP_BOARDS: bool>(
        color: Color,
        role: Role,
        sq: Square,
    ) -> [usize; 2] {
        let (own, cell, board) = (color.index(), sq.cell().index(), sq.layer().index());
        let (half, piece) = (VIEW / 2, role.index() * 2 * CELLS);
        let turned = (CELLS / FILES - 1 - cell / FILES) * FILES + cell % FILES;
        let black_board = if SWAP_BOARDS { 1 - board } else { board };
        [own * half + piece + board * CELLS + cell, (1 - own) * half + piece + black_board * CELLS + turned]
    }

    /// White's lead in captured points in `pos`, where these inputs see it (0 elsewhere).
    #[inline]
    fn lead<W: Word>(self, pos: &Position<W>) -> i32 {
        if self != Inputs::ScoreLead {
            return 0;
        }
        let scores = pos.scores();
        scores[Color::White] as i32 - scores[Color::Black] as i32
    }

    /// Calls `f` with each input that White's lead in captured points sets, seen by White and
    /// by Black: the first inputs of the block of being ahead for the side ahead, of being
    /// behind for the other, as many as the lead (up to [`LEAD_SEEN`]).
    fn lead_features(white_lead: i32, f: impl FnMut([usize; 2])) {
        let count = white_lead.clamp(-LEAD_SEEN, LEAD_SEEN).unsigned_abs() as usize;
        Inputs::lead_inputs(white_lead, 0..count, f);
    }

    /// Calls `f` with the inputs numbered `counts` in the blocks White's lead `white_lead` sets.
    fn lead_inputs(white_lead: i32, counts: Range<usize>, mut f: impl FnMut([usize; 2])) {
        let block = |lead: i32| ONE_VIEW + if lead > 0 { 0 } else { LEAD_SEEN as usize };
        let (white, black) = (block(white_lead), block(-white_lead));
        for k in counts {
            f([white + k, black + k]);
        }
    }

    /// Calls `f` with each input that White's lead going `from` → `to` turns on (`true`) or off:
    /// where both leads favour the same side only the inputs between the two counts, else all
    /// of both.
    fn lead_changes(from: i32, to: i32, mut f: impl FnMut([usize; 2], bool)) {
        let [from, to] = [from, to].map(|lead| lead.clamp(-LEAD_SEEN, LEAD_SEEN));
        if from.signum() != to.signum() {
            Inputs::lead_features(from, |features| f(features, false));
            Inputs::lead_features(to, |features| f(features, true));
            return;
        }
        let (was, now) = (from.unsigned_abs() as usize, to.unsigned_abs() as usize);
        Inputs::lead_inputs(to, was.min(now)..was.max(now), |features| f(features, now > was));
    }

    /// Calls `f` with every input `pos` sets, seen by White and by Black.
    pub fn each_active<W: Word>(self, pos: &Position<W>, mut f: impl FnMut([usize; 2])) {
        let kings = self.kings(pos);
        for (sq, piece) in pos.pieces_on_board() {
            f(self.features(piece.color(), piece.role(), sq, kings));
        }
        if self == Inputs::ScoreLead {
            Inputs::lead_features(self.lead(pos), f);
        }
    }

    /// What each side's king in `pos` tells its view ([`KingViews`]; 0 for a side without one).
    #[inline(always)]
    pub fn kings<W: Word>(self, pos: &Position<W>) -> KingViews {
        let king = |color| pos.king_squares(color).next();
        match self {
            Inputs::OneBoard | Inputs::DualFields | Inputs::ScoreLead | Inputs::BothBoards | Inputs::TwoWorlds => {
                [0; 2]
            }
            Inputs::KingsBoard => Color::ALL.map(|color| king(color).map_or(0, |sq| sq.layer().index())),
            Inputs::KingsHalf => {
                Color::ALL.map(|color| king(color).map_or(0, |sq| usize::from(sq.cell().index() % 8 >= 4)))
            }
        }
    }
}

/// The two hidden layers of a position, as White sees it and as Black does, and what the kings
/// told each view and White's lead in captured points they were counted with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    hidden: [[i16; HIDDEN]; 2],
    kings: KingViews,
    lead: i32,
}

/// The weights of a network, in integers.
pub struct Network {
    inputs: Inputs,
    input: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    /// Per output bucket (see [`bucket_of`]): the output weights of the mover's layer and of
    /// the other side's.
    output: Vec<[[i16; HIDDEN]; 2]>,
    /// Per output bucket: the output bias.
    output_bias: Vec<i32>,
    /// Monochrome's rows of each lead's inputs summed, for White's view and Black's, by lead
    /// from -[`LEAD_SEEN`] to [`LEAD_SEEN`] (empty for other inputs): a capture that changes the
    /// lead by many points then costs two rows a side, not one per point.
    lead_rows: Vec<[[i16; HIDDEN]; 2]>,
}

/// The output bucket of a position of `pieces` pieces (kings included) in a network of
/// `buckets` buckets: 32 pieces split evenly, so that with 8 each bucket holds four counts and
/// a position with more pieces than 32 (doubled armies) uses the last.
#[inline]
pub fn bucket_of(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(1) * buckets / 32).min(buckets - 1)
}

/// The largest number of output buckets a network file may have.
pub const MAX_BUCKETS: usize = 32;

impl Network {
    /// The file of a network of `inputs` whose weights are `input` (one row of [`HIDDEN`] per
    /// input), `bias`, `output` (per bucket, the mover's [`HIDDEN`], then the other side's) and
    /// `output_bias` (one per bucket), in units of the output; each is rounded to its integer
    /// ([`Network::from_bytes`] reads it). A network of one bucket is written in the first
    /// format, which has no count of buckets.
    pub fn encode(inputs: Inputs, input: &[f32], bias: &[f32], output: &[f32], output_bias: &[f32]) -> Vec<u8> {
        let mut bytes = inputs.magic().to_vec();
        let buckets = output_bias.len();
        bytes.push(if buckets == 1 { b'1' } else { b'2' });
        bytes.extend((HIDDEN as u32).to_le_bytes());
        if buckets != 1 {
            bytes.extend((buckets as u32).to_le_bytes());
        }
        let integer = |x: f32, factor: i32| (x * factor as f32).round().clamp(-32767.0, 32767.0) as i16;
        for &w in input.iter().chain(bias) {
            bytes.extend(integer(w, QA).to_le_bytes());
        }
        for &w in output {
            bytes.extend(integer(w, QB).to_le_bytes());
        }
        for &b in output_bias {
            bytes.extend(((b * (QA * QB) as f32).round() as i32).to_le_bytes());
        }
        bytes
    }

    /// Reads a network from its file: `VNN` (FIDE chess), `VNA` (Alice Chess), `VNI`
    /// (Inside-out Chess), `VNM` (Monochrome), `VNL` (LMA), `VNG` (Looking-Glass) or `VNK` (FIDE
    /// chess seen by the king's half); the format, `1` (one output) or `2` (output buckets); the
    /// hidden size, with `2` the number of buckets, then little-endian integers.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let header = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap()) as usize)
                .ok_or("the network file is too short")
        };
        let hidden = header(4)?;
        let inputs = Inputs::ALL
            .into_iter()
            .find(|inputs| &bytes[..3] == inputs.magic())
            .ok_or("not a network file: it begins with none of VNN, VNA, VNI, VNM, VNL, VNG and VNK")?;
        let (buckets, body) = match bytes[3] {
            b'1' => (1, 8),
            b'2' => (header(8)?, 12),
            _ => return Err(format!("not a network file: format '{}' is neither 1 nor 2", char::from(bytes[3]))),
        };
        if hidden != HIDDEN {
            return Err(format!("not a network of {HIDDEN} hidden neurons"));
        }
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!("{buckets} output buckets: a network has 1 to {MAX_BUCKETS}"));
        }
        let weights_end = body + 2 * (inputs.count() * HIDDEN + HIDDEN + buckets * 2 * HIDDEN);
        let expected = weights_end + 4 * buckets;
        if bytes.len() != expected {
            return Err(format!("the network file has {} bytes, not {expected}", bytes.len()));
        }
        let mut words = bytes[body..weights_end].chunks_exact(2);
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for (x, w) in r.iter_mut().zip(&mut words) {
                *x = i16::from_le_bytes([w[0], w[1]]);
            }
            r
        };
        let input: Vec<[i16; HIDDEN]> = (0..inputs.count()).map(|_| row()).collect();
        let bias = row();
        let output = (0..buckets).map(|_| [row(), row()]).collect();
        let output_bias =
            bytes[weights_end..].chunks_exact(4).map(|b| i32::from_le_bytes(b.try_into().unwrap())).collect();
        let lead_rows = match inputs {
            Inputs::ScoreLead => (-LEAD_SEEN..=LEAD_SEEN)
                .map(|lead| {
                    let mut rows = [[0; HIDDEN]; 2];
                    Inputs::lead_features(lead, |features| {
                        (0..2).for_each(|side| add(&mut rows[side], &input[features[side]]))
                    });
                    rows
                })
                .collect(),
            _ => Vec::new(),
        };
        Ok(Network { inputs, input, bias, output, output_bias, lead_rows })
    }

    /// The network's layout of inputs.
    pub fn inputs(&self) -> Inputs {
        self.inputs
    }

    /// The number of output buckets.
    pub fn buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// The weights back from their integers, in the units and order [`Network::encode`] takes:
    /// the input rows one after another, the biases, the output weights and the output biases.
    pub fn decode(&self) -> (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>) {
        let real = |w: i16, factor: i32| f32::from(w) / factor as f32;
        let input = self.input.iter().flatten().map(|&w| real(w, QA)).collect();
        let bias = self.bias.iter().map(|&w| real(w, QA)).collect();
        let output = self.output.iter().flatten().flatten().map(|&w| real(w, QB)).collect();
        let output_bias = self.output_bias.iter().map(|&b| b as f32 / (QA * QB) as f32).collect();
        (input, bias, output, output_bias)
    }

    /// Whether the network can evaluate `variant`: its inputs are the variant's, or their other
    /// layout ([`Inputs::mirrored`]).
    pub fn fits<W: Word>(&self, variant: &Variant<W>) -> bool {
        Inputs::of(variant).is_some_and(|inputs| inputs == self.inputs || inputs.mirrored() == Some(self.inputs))
    }

    /// Why the network cannot evaluate a variant it does not fit.
    pub fn misfit(&self) -> String {
        format!("this network evaluates {}", self.inputs.fits())
    }

    /// The hidden layers of `pos`, counted from scratch.
    pub fn accumulate<W: Word>(&self, pos: &Position<W>) -> Accumulator {
        let mut acc =
            Accumulator { hidden: [self.bias; 2], kings: self.inputs.kings(pos), lead: self.inputs.lead(pos) };
        self.inputs.each_active(pos, |features| self.set(&mut acc, [true; 2], features, true));
        acc
    }

    /// Writes into `child` the hidden layers of `pos`, whose last move was made from the
    /// position of `parent`'s layers. A side whose king changed boards (or halves) sees every
    /// piece anew: its layer is counted from scratch.
    #[inline]
    pub fn update<W: Word>(&self, parent: &Accumulator, child: &mut Accumulator, pos: &Position<W>) {
        child.kings = parent.kings;
        child.lead = parent.lead;
        match self.inputs {
            // FIDE chess's path alone, with nothing of the others' cases (its search did 2.5 % more
            // instructions when it shared its path with Inside-out's and Monochrome's).
            Inputs::OneBoard => self.moved_pieces_update(parent, child, pos, [true; 2], |color, role, sq| {
                Inputs::one_board_features(color, role, sq)
            }),
            Inputs::KingsHalf => self.king_views_update(parent, child, pos, Inputs::KingsHalf),
            Inputs::KingsBoard => self.king_views_update(parent, child, pos, Inputs::KingsBoard),
            Inputs::DualFields | Inputs::ScoreLead | Inputs::BothBoards | Inputs::TwoWorlds => {
                self.one_layout_update(parent, child, pos)
            }
        }
    }

    /// [`Network::update`] for Inside-out, Monochrome, LMA and Looking-Glass: the pieces moved, and
    /// Monochrome's lead in points, which a capture changes.
    #[inline(never)]
    fn one_layout_update<W: Word>(&self, parent: &Accumulator, child: &mut Accumulator, pos: &Position<W>) {
        let (inputs, kings) = (self.inputs, parent.kings);
        self.moved_pieces_update(parent, child, pos, [true; 2], |color, role, sq| {
            inputs.features(color, role, sq, kings)
        });
        let lead = self.inputs.lead(pos);
        if lead != child.lead {
            self.change_lead(child, lead);
        }
    }

    /// Monochrome's lead in `acc` changed to `lead`: a change of a point or two by its inputs,
    /// a larger one by the summed rows of both leads.
    #[inline]
    fn change_lead(&self, acc: &mut Accumulator, lead: i32) {
        let [from, to] = [acc.lead, lead].map(|lead| lead.clamp(-LEAD_SEEN, LEAD_SEEN));
        if from.signum() == to.signum() && from.abs_diff(to) <= 2 {
            Inputs::lead_changes(from, to, |features, put| self.set(acc, [true; 2], features, put));
        } else {
            let [was, now] = [from, to].map(|lead| &self.lead_rows[(lead + LEAD_SEEN) as usize]);
            for side in 0..2 {
                subtract(&mut acc.hidden[side], &was[side]);
                add(&mut acc.hidden[side], &now[side]);
            }
        }
        acc.lead = lead;
    }

    /// [`Network::update`] for Alice (`inputs` [`Inputs::KingsBoard`]), and for FIDE chess seen
    /// by the king's half ([`Inputs::KingsHalf`]): a side whose king changed boards (or halves)
    /// is counted anew. Inlined into each caller, so that each has its own inputs' path.
    #[inline(always)]
    fn king_views_update<W: Word>(
        &self,
        parent: &Accumulator,
        child: &mut Accumulator,
        pos: &Position<W>,
        inputs: Inputs,
    ) {
        let kings = inputs.kings(pos);
        let moved = [0, 1].map(|side| kings[side] != parent.kings[side]);
        child.kings = kings;
        if moved.contains(&true) {
            for side in (0..2).filter(|&side| moved[side]) {
                child.hidden[side] = self.bias;
            }
            for (sq, piece) in pos.pieces_on_board() {
                self.set(child, moved, inputs.features(piece.color(), piece.role(), sq, kings), true);
            }
        }
        self.moved_pieces_update(parent, child, pos, moved.map(|m| !m), |color, role, sq| {
            inputs.features(color, role, sq, kings)
        });
    }

    /// Writes into the layers of `child` that `sides` names (White's, Black's) those of `parent`
    /// with the inputs `features` gives the pieces the last move of `pos` took away and put.
    /// A move that changes at most two inputs each way (all but Inside-out's king captures,
    /// which spawn pawns) takes one pass over each layer; the others copy it and then change it.
    #[inline(always)]
    fn moved_pieces_update<W: Word>(
        &self,
        parent: &Accumulator,
        child: &mut Accumulator,
        pos: &Position<W>,
        sides: [bool; 2],
        features: impl Fn(Color, Role, Square) -> [usize; 2],
    ) {
        let (mut put, mut taken) = (ArrayVec::<[usize; 2], 2>::new(), ArrayVec::<[usize; 2], 2>::new());
        let mut few = true;
        pos.last_move_changes(|sq, piece, is_put| {
            let list = if is_put { &mut put } else { &mut taken };
            few &= list.try_push(features(piece.color(), piece.role(), sq)).is_ok();
        });
        for side in (0..2).filter(|&side| sides[side]) {
            let rows = |list: &ArrayVec<[usize; 2], 2>| -> ArrayVec<&[i16; HIDDEN], 2> {
                list.iter().map(|features| &self.input[features[side]]).collect()
            };
            if few {
                changed(&mut child.hidden[side], &parent.hidden[side], &rows(&put), &rows(&taken));
            } else {
                child.hidden[side] = parent.hidden[side];
            }
        }
        if !few {
            pos.last_move_changes(|sq, piece, is_put| {
                self.set(child, sides, features(piece.color(), piece.role(), sq), is_put)
            });
        }
    }

    /// Sets (`put`) or clears the inputs `features` (White's, Black's) in the hidden layers of
    /// the sides `sides` names.
    #[inline(always)]
    fn set(&self, acc: &mut Accumulator, sides: [bool; 2], features: [usize; 2], put: bool) {
        for side in 0..2 {
            if sides[side] {
                let row = &self.input[features[side]];
                if put {
                    add(&mut acc.hidden[side], row);
                } else {
                    subtract(&mut acc.hidden[side], row);
                }
            }
        }
    }

    /// The output bucket of `pos`, by its number of pieces.
    #[inline]
    pub fn bucket<W: Word>(&self, pos: &Position<W>) -> usize {
        match self.buckets() {
            1 => 0,
            buckets => bucket_of(pos.piece_count(), buckets),
        }
    }

    /// The score for `side` to move of the position whose hidden layers are `acc`, by the
    /// output of `bucket` ([`Network::bucket`]).
    #[inline]
    pub fn output(&self, acc: &Accumulator, side: Color, bucket: usize) -> i32 {
        let us = side.index();
        let output = &self.output[bucket];
        let sum = [dot(&acc.hidden[us], &output[0]), dot(&acc.hidden[1 - us], &output[1]), self.output_bias[bucket]];
        let score = sum.map(i64::from).iter().sum::<i64>() * i64::from(SCALE) / i64::from(QA * QB);
        score.clamp(-MAX_SCORE, MAX_SCORE) as i32
    }
}

/// `score` rounded to the nearest multiple of `grain` (engine.ini's `network_grain`, at least 1),
/// halves away from zero so that both sides see the same value. Scores that differ by little
/// then tie, and ties cut the search off as flat hand-made scores do.
pub fn rounded(score: i32, grain: i32) -> i32 {
    score.signum() * ((score.abs() + grain / 2) / grain * grain)
}

/// Writes into `layer` the layer `from` with the rows `put` added and the rows `taken` taken
/// away, in one pass for the changes moves make most (a piece moved, a capture, castling).
#[inline(always)]
fn changed(layer: &mut [i16; HIDDEN], from: &[i16; HIDDEN], put: &[&[i16; HIDDEN]], taken: &[&[i16; HIDDEN]]) {
    match (put, taken) {
        ([a], [x]) => {
            for i in 0..HIDDEN {
                layer[i] = from[i].wrapping_add(a[i]).wrapping_sub(x[i]);
            }
        }
        ([a], [x, y]) => {
            for i in 0..HIDDEN {
                layer[i] = from[i].wrapping_add(a[i]).wrapping_sub(x[i]).wrapping_sub(y[i]);
            }
        }
        ([a, b], [x, y]) => {
            for i in 0..HIDDEN {
                layer[i] = from[i].wrapping_add(a[i]).wrapping_add(b[i]).wrapping_sub(x[i]).wrapping_sub(y[i]);
            }
        }
        _ => {
            *layer = *from;
            put.iter().for_each(|row| add(layer, row));
            taken.iter().for_each(|row| subtract(layer, row));
        }
    }
}

#[inline]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline]
fn subtract(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

#[inline]
fn dot(acc: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    acc.iter().zip(weights).map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::geometry::{Cell, Layer};
    use crate::movegen::legal;

    /// A network of `inputs` whose every weight is `w`: input, bias and output alike, output
    /// bias 0.
    fn uniform(inputs: Inputs, w: f32) -> Vec<u8> {
        Network::encode(inputs, &vec![w; inputs.count() * HIDDEN], &[w; HIDDEN], &[w; 2 * HIDDEN], &[0.0])
    }

    #[test]
    fn the_networks_score_is_rounded_to_its_grain_the_same_for_either_side() {
        for score in -300..=300 {
            assert_eq!(rounded(-score, 25), -rounded(score, 25));
            assert_eq!(rounded(score, 1), score);
        }
        assert_eq!(rounded(12, 25), 0);
        assert_eq!(rounded(13, 25), 25);
        assert_eq!(rounded(-37, 25), -25);
        assert_eq!(rounded(-38, 25), -50);
    }

    fn on_first(cell: u8) -> Square {
        Square::new(Layer::FIRST, Cell::new(cell))
    }

    #[test]
    fn a_network_decoded_encodes_to_the_same_file() {
        let bytes = include_bytes!("lma.vnn");
        let network = Network::from_bytes(bytes).unwrap();
        let (input, bias, output, output_bias) = network.decode();
        assert_eq!(Network::encode(network.inputs(), &input, &bias, &output, &output_bias), bytes.to_vec());
    }

    #[test]
    fn eight_output_buckets_take_four_piece_counts_each_and_more_than_32_pieces_the_last() {
        let buckets: Vec<usize> = (0..=40).map(|pieces| bucket_of(pieces, 8)).collect();
        assert_eq!(&buckets[..9], &[0, 0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(&buckets[29..], &[7; 12]);
        assert!((0..=40).all(|pieces| bucket_of(pieces, 1) == 0));
    }

    #[test]
    fn a_network_of_buckets_keeps_them_in_its_file_and_scores_by_the_pieces_on_the_board() {
        // Bucket b's output bias is b quarters of a unit, b × 100 cp: the score tells the bucket.
        let biases: Vec<f32> = (0..8).map(|b| b as f32 / 4.0).collect();
        let count = Inputs::OneBoard.count() * HIDDEN;
        let bytes = Network::encode(Inputs::OneBoard, &vec![0.0; count], &[0.0; HIDDEN], &[0.0; 16 * HIDDEN], &biases);
        assert_eq!(&bytes[..4], b"VNN2");
        let net = Network::from_bytes(&bytes).unwrap();
        let (input, bias, output, output_bias) = net.decode();
        assert_eq!(Network::encode(net.inputs(), &input, &bias, &output, &output_bias), bytes);
        let variant = Config::builtin().variant("normal", &[]).unwrap();
        for (fen, bucket) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0),
            ("4k3/pppp4/8/8/8/8/PPP5/4K3 w - - 0 1", 2),
        ] {
            let pos = Position::from_fen(variant.clone(), fen).unwrap();
            assert_eq!(net.bucket(&pos), bucket, "{fen}");
            let score = net.output(&net.accumulate(&pos), pos.side(), net.bucket(&pos));
            assert_eq!(score, bucket as i32 * 100, "{fen}");
        }
        let refusal = |bytes: &[u8]| Network::from_bytes(bytes).err().unwrap_or_default();
        let mut none = bytes.clone();
        none[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert!(refusal(&none).contains("0 output buckets"));
        let mut unknown = bytes.clone();
        unknown[3] = b'3';
        assert!(refusal(&unknown).contains("format '3'"));
        assert!(refusal(&bytes[..bytes.len() - 4]).contains("bytes, not"));
    }

    #[test]
    fn a_file_not_of_a_network_is_refused_with_its_reason() {
        let good = uniform(Inputs::OneBoard, 0.01);
        assert!(Network::from_bytes(&good).is_ok());
        let refusal = |bytes: &[u8]| Network::from_bytes(bytes).err().unwrap_or_default();
        assert!(refusal(&good[..6]).contains("too short"));
        assert!(refusal(&good[..good.len() - 2]).contains("bytes, not"));
        let mut other = good.clone();
        other[0] = b'X';
        assert!(refusal(&other).contains("not a network"));
        // An Alice network's header on a FIDE network's weights: the size gives it away.
        other[..3].copy_from_slice(b"VNA");
        assert!(refusal(&other).contains("bytes, not"));
    }

    #[test]
    fn the_file_keeps_the_weights_and_the_score_is_the_movers() {
        // Hidden weights 0.01 (2.55 → 3 in integers), output weights 0.5 (32): with one white
        // pawn on a1 and the bias, each neuron of each side holds 6, so the output is
        // 2 × HIDDEN × 6 × 32 / (255 × 64) units of SCALE centipawns, the same for either side.
        let net = Network::from_bytes(&Network::encode(
            Inputs::OneBoard,
            &vec![0.01; Inputs::OneBoard.count() * HIDDEN],
            &[0.01; HIDDEN],
            &[0.5; 2 * HIDDEN],
            &[0.0],
        ))
        .unwrap();
        let empty = Accumulator { hidden: [net.bias; 2], kings: [0; 2], lead: 0 };
        let mut acc = empty;
        net.set(&mut acc, [true; 2], Inputs::OneBoard.features(Color::White, Role::new(0), on_first(0), [0; 2]), true);
        let expected = 2 * HIDDEN as i32 * 6 * 32 * SCALE / (QA * QB);
        assert_eq!(net.output(&acc, Color::White, 0), expected);
        assert_eq!(net.output(&acc, Color::Black, 0), expected);
        net.set(&mut acc, [true; 2], Inputs::OneBoard.features(Color::White, Role::new(0), on_first(0), [0; 2]), false);
        assert_eq!(acc, empty);
    }

    #[test]
    fn a_change_of_lead_turns_on_and_off_exactly_the_inputs_between_the_two_leads() {
        let inputs = |lead: i32| {
            let mut set = std::collections::BTreeSet::new();
            Inputs::lead_features(lead, |features| assert!(set.insert(features)));
            set
        };
        for from in -20..=20 {
            for to in -20..=20 {
                let mut set = inputs(from);
                Inputs::lead_changes(from, to, |features, put| {
                    let changed = if put { set.insert(features) } else { set.remove(&features) };
                    assert!(changed, "{from} -> {to}: {features:?} turned {put} twice");
                });
                assert_eq!(set, inputs(to), "{from} -> {to}");
            }
        }
    }

    #[test]
    fn a_network_of_extreme_weights_gives_a_bounded_score() {
        // The largest integers a file can hold, every piece on the board: no overflow, and a
        // score within the bound, below the mate scores.
        let net = Network::from_bytes(&uniform(Inputs::OneBoard, 200.0)).unwrap();
        let mut acc = Accumulator { hidden: [net.bias; 2], kings: [0; 2], lead: 0 };
        for cell in 0..32 {
            net.set(
                &mut acc,
                [true; 2],
                Inputs::OneBoard.features(Color::White, Role::new(cell % 6), on_first(cell), [0; 2]),
                true,
            );
        }
        assert_eq!(net.output(&acc, Color::White, 0), MAX_SCORE as i32);
    }

    #[test]
    fn each_side_sees_the_board_from_its_own_side() {
        // A white pawn on e2 is, to Black, an enemy pawn on e7.
        let features = Inputs::OneBoard.features(Color::White, Role::new(0), on_first(12), [0; 2]);
        assert_eq!(features, [12, 384 + 52]);
    }

    #[test]
    fn in_alice_a_side_sees_a_piece_by_its_kings_board() {
        // White's king on the first board, Black's on the second: a white pawn on e2 of the first
        // board is on White's king's board and not on Black's.
        let kings = [0, 1];
        let features = Inputs::KingsBoard.features(Color::White, Role::new(0), on_first(12), kings);
        assert_eq!(features, [12, 768 + 384 + 52]);
    }

    #[test]
    fn seen_by_the_kings_half_a_side_whose_king_stands_on_files_e_to_h_sees_the_board_turned() {
        // White's king on g1 (files e–h), Black's on b8: a white pawn on e2 is to White a pawn
        // on d2, and to Black an enemy pawn on e7 as without the halves.
        let pos =
            Position::from_fen(Config::builtin().variant("normal", &[]).unwrap(), "1k6/8/8/8/8/8/4P3/6K1 w - - 0 1");
        let kings = Inputs::KingsHalf.kings(&pos.unwrap());
        assert_eq!(kings, [1, 0]);
        let features = Inputs::KingsHalf.features(Color::White, Role::new(0), on_first(12), kings);
        assert_eq!(features, [11, 384 + 52]);
        assert_eq!(Inputs::OneBoard.mirrored(), Some(Inputs::KingsHalf));
    }

    #[test]
    fn in_inside_out_black_sees_the_board_turned_over_and_the_dual_fields_kept() {
        // A white knight (role 1) in the inner cell of c3 (cell 14 of layer 2) is, to Black, an
        // enemy knight in the inner cell of c4 (cell 20), a dual field too.
        let inner_c3 = Square::new(Layer::FIRST.other(), Cell::new(14));
        let features = Inputs::DualFields.features(Color::White, Role::new(1), inner_c3, [0; 2]);
        assert_eq!(features, [72 + 36 + 14, 360 + 72 + 36 + 20]);
    }

    #[test]
    fn in_lma_black_sees_each_board_turned_over_and_the_boards_swapped() {
        // White's king on d1 of the second board (cell 3) and Black's on d7 of the first (cell
        // 39): each is, to its own side, the same input; to the other, an enemy king where
        // the other's own king stands in the other's view.
        let (king, on) = (Role::new(4), |layer: Layer, cell| Square::new(layer, Cell::new(cell)));
        let white = Inputs::BothBoards.features(Color::White, king, on(Layer::FIRST.other(), 3), [0; 2]);
        let black = Inputs::BothBoards.features(Color::Black, king, on(Layer::FIRST, 39), [0; 2]);
        assert_eq!(white, [4 * 84 + 42 + 3, 420 + 4 * 84 + 39]);
        assert_eq!(black, [white[1], white[0]]);
        assert_eq!(Inputs::BothBoards.count(), 840);
    }

    #[test]
    fn in_looking_glass_black_sees_each_world_turned_over_and_the_worlds_swapped() {
        // White's queen (role 4) on d1 of the Real world and Black's on d8 of the Mirror world,
        // where each army starts: each is the same input to its own side.
        let (queen, on) = (Role::new(4), |layer: Layer, cell| Square::new(layer, Cell::new(cell)));
        let white = Inputs::TwoWorlds.features(Color::White, queen, on(Layer::FIRST, 3), [0; 2]);
        let black = Inputs::TwoWorlds.features(Color::Black, queen, on(Layer::FIRST.other(), 59), [0; 2]);
        assert_eq!(white, [4 * 128 + 3, 768 + 4 * 128 + 64 + 59]);
        assert_eq!(black, [white[1], white[0]]);
        assert_eq!(Inputs::TwoWorlds.count(), 1536);
    }

    #[test]
    fn in_monochrome_each_point_of_lead_sets_an_input_up_to_sixteen() {
        let lead = |white_lead| {
            let mut features = Vec::new();
            Inputs::lead_features(white_lead, |pair| features.push(pair));
            features
        };
        // White 3 points ahead: White's first three "ahead" inputs, Black's first three "behind".
        assert_eq!(lead(3), [[768, 784], [769, 785], [770, 786]]);
        assert_eq!(lead(-1), [[784, 768]]);
        assert!(lead(0).is_empty());
        assert_eq!(lead(40), lead(16));
        assert_eq!(Inputs::ScoreLead.count(), 800);
    }

    /// A network of `inputs` whose input weights differ by input, so that a wrong update shows.
    fn varied(inputs: Inputs) -> Network {
        let input: Vec<f32> = (0..inputs.count() * HIDDEN).map(|i| ((i * 7919) % 201) as f32 / 1000.0 - 0.1).collect();
        let output: Vec<f32> = (0..2 * HIDDEN).map(|i| ((i * 31) % 17) as f32 / 16.0 - 0.5).collect();
        Network::from_bytes(&Network::encode(inputs, &input, &[0.05; HIDDEN], &output, &[0.1])).unwrap()
    }

    #[test]
    fn any_change_of_lead_gives_the_layers_of_the_new_lead_counted_input_by_input() {
        let net = varied(Inputs::ScoreLead);
        let counted = |lead: i32| {
            let mut acc = Accumulator { hidden: [net.bias; 2], kings: [0; 2], lead };
            Inputs::lead_features(lead, |features| net.set(&mut acc, [true; 2], features, true));
            acc
        };
        for from in -20..=20 {
            for to in -20..=20 {
                let mut acc = counted(from);
                net.change_lead(&mut acc, to);
                assert_eq!(acc, counted(to), "{from} -> {to}");
            }
        }
    }

    #[test]
    fn updating_by_each_move_gives_the_layers_counted_from_scratch() {
        // Alice's king moves change its side's view of every piece; captures, castling and
        // promotion change a few inputs; FIDE chess's too.
        let lines = [
            ("alice", "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R|8/4p3/8/8/8/8/4P3/8 w KQkq - 0 1", Inputs::KingsBoard),
            ("alice", "4k3/1P6/8/8/8/8/8/8|8/8/8/8/8/8/8/4K3 w - - 0 1", Inputs::KingsBoard),
            // Alice on three boards: a king passes to either other board.
            (
                "alice3",
                "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R|8/4p3/8/8/8/8/4P3/8|8/8/8/8/8/8/8/8 w KQkq - 0 1",
                Inputs::KingsBoard,
            ),
            ("normal", "r3k2r/pppq1ppp/8/3p4/4P3/8/PPPQ1PPP/R3K2R w KQkq - 0 1", Inputs::OneBoard),
            // FIDE chess seen by the king's half: castling either way, kings crossing files d and e.
            ("normal", "r3k2r/pppq1ppp/8/3p4/4P3/8/PPPQ1PPP/R3K2R w KQkq - 0 1", Inputs::KingsHalf),
            ("normal", "8/2p5/3k4/8/1P6/4K3/6p1/8 w - - 0 1", Inputs::KingsHalf),
            // Inside-out: moves into and out of the inner cells, king captures that spawn pawns,
            // promotion to a king.
            (
                "insideout",
                "rbkknr/pppppp/6/6/PPPPPP/RNKKBR|******/******/**4/**4/******/****** w - - 0 1 lastw:- lastb:-",
                Inputs::DualFields,
            ),
            (
                "insideout",
                "2k3/P1K3/6/6/5p/6|******/******/**1n2/**2B1/******/****** w - - 0 1 lastw:- lastb:-",
                Inputs::DualFields,
            ),
            // Monochrome: pieces that cross the centerline change owners, captures change the
            // lead in points.
            ("monochrome", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score:0-0 last:-", Inputs::ScoreLead),
            (
                "monochrome",
                "r3k2r/1p3p2/2n1b3/3qQ3/3Np3/2B5/1P3P2/R3K2R w - - 0 1 score:20-1 last:-",
                Inputs::ScoreLead,
            ),
            // LMA: moves to the other colour change boards, off-colour captures, castling,
            // promotion.
            ("lma", "rcqkcr/pppppp/6/6/6/6/6|6/6/6/6/6/PPPPPP/RCQKCR w KQkq - 0 1", Inputs::BothBoards),
            ("lma", "r2k2/1P1p2/2c3/6/6/6/6|6/4p1/6/2C3/6/6/R2K1R w Q - 0 1", Inputs::BothBoards),
            // Looking-Glass: moves that transfer or stay, castling (each piece transferring or
            // not), en passant on the first board, promotion, and captures.
            (
                "lookingglass",
                "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/8/8 w AHah - 0 1",
                Inputs::TwoWorlds,
            ),
            ("lookingglass", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R|8/8/8/8/8/8/6p1/8 w AHah 1d6 0 1", Inputs::TwoWorlds),
        ];
        for (name, fen, inputs) in lines {
            let net = varied(inputs);
            let variant = Config::builtin().loaded_adjusted(name, &[], &[("network", "none".into())]).unwrap().variant;
            assert!(net.fits(&variant), "{name}");
            let mut pos = Position::from_fen(variant, fen).unwrap();
            let mut acc = net.accumulate(&pos);
            let mut rng = crate::random::Rng::new(5);
            for _ in 0..40 {
                let mut moves = Vec::new();
                let variant = pos.variant().clone();
                crate::with_rules!(variant.family(), |rules| legal(rules, &mut pos, &mut moves));
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
                let parent = acc;
                net.update(&parent, &mut acc, &pos);
                assert_eq!(acc, net.accumulate(&pos), "{name} after {}", pos.to_fen());
            }
        }
    }
}
