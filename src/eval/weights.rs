//! The numbers engine.ini gives a variant's evaluation: term weights and material values. They
//! are the variant's data; `eval` reads them.

/// The weights of the evaluation terms, in centipawns; engine.ini's `eval` key sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Per target cell a piece reaches from its cell above its average reach (centralisation).
    pub mobility: i32,
    /// Per rank a pawn has advanced beyond its start rank.
    pub pawn_advance: i32,
    /// Per step toward the centre for a king in the endgame (and away from it before).
    pub king_centre: i32,
    /// Alice: per piece (not pawn or king) standing on the board of the enemy king.
    pub king_board: i32,
    /// LMA: per piece (not pawn or king) bound to the colour class of the enemy king.
    pub king_class: i32,
    /// Monochrome: per captured point.
    pub captured_point: i32,
    /// Monochrome: per point of material a player owns (its capturers, and targets for the other).
    pub owned_point: i32,
    /// Inside-out: the cost of being down to a single king.
    pub last_king: i32,
    /// Inside-out: per file where a king capture would give the player a pawn.
    pub spawn_file: i32,
    /// Looking-Glass: per enemy piece attacking the king or a cell next to it.
    pub king_attack: i32,
    /// A passed pawn's endgame bonus, times (a² + a) / 2 for `a` ranks advanced (half before).
    pub passed_pawn: i32,
    /// Per pawn beyond the first on a file.
    pub doubled_pawn: i32,
    /// Per pawn with no friendly pawn on the files beside it.
    pub isolated_pawn: i32,
    /// Per own pawn (up to three) one or two ranks in front of the king, before the endgame.
    pub king_shelter: i32,
    /// With a material lead, per step the enemy king stands off the centre and toward our king.
    pub mop_up: i32,
    /// Per cell a piece (not pawn or king) can move to now, landing where its family's rules put it.
    pub piece_mobility: i32,
    /// Before the endgame, per cell of the enemy king or next to it that a piece (not pawn or
    /// king) on the king's board attacks.
    pub king_zone: i32,
    /// Before the endgame, per cell next to the enemy king on its board that a piece (not pawn or
    /// king) on another board can land on by one move (the multi-board families).
    pub king_zone_across: i32,
    /// Per pair of a colour-bound piece's role (bishops) standing on cells of both colours.
    pub bishop_pair: i32,
    /// Per rook-like rider (a whole file, not a whole diagonal) on a file without a pawn of its
    /// side, and again without any pawn (half of it in the endgame).
    pub open_file: i32,
    /// Per enemy piece (not pawn or king) that a pawn attacks on its board.
    pub pawn_threat: i32,
    /// Per attack of a piece (not pawn or king) on an enemy piece (not pawn or king) worth half
    /// a pawn or more above it, on its board.
    pub piece_threat: i32,
    /// Before the endgame, times the square of the king-zone count of `king_zone`, over 8: an
    /// attack grows more dangerous with every piece that joins it.
    pub king_pressure: i32,
    /// For the side to move, whose move it is worth something.
    pub tempo: i32,
    /// In the endgame, per passed pawn, times the ranks it has advanced (0 to 5), per step
    /// (up to 5) the enemy king stands farther than ours from the cell in front of it.
    pub passer_king: i32,
    /// Per cell counted by `piece_mobility` that an enemy pawn attacks.
    pub pawn_guarded: i32,
    /// Per enemy piece or pawn (not king) attacked on its board where nothing of its side there
    /// attacks its cell.
    pub hanging: i32,
    /// Per pawn with a friendly pawn diagonally behind it or beside it on its rank, times one
    /// more than the ranks it has advanced (0 to 5).
    pub connected_pawn: i32,
    /// Before the endgame, per cell from which a piece could check an enemy king by its next move
    /// on the king's board, where nothing of the king's side there attacks the cell.
    pub safe_check: i32,
    /// Per passed pawn whose cell ahead is empty on every board, weighted as `passed_pawn`.
    pub passer_free: i32,
    /// Per piece worth less than four pawns (not a pawn or king) standing in the enemy half,
    /// defended by a pawn of its side, where no enemy pawn can ever attack it.
    pub outpost: i32,
    /// The cost of a pawn that no pawn of its side, beside or behind it on the files next to it,
    /// can support, and whose cell ahead an enemy pawn attacks.
    pub backward_pawn: i32,
    /// Before the endgame, the cost per file, the king's or one beside it, without a pawn of the
    /// king's side.
    pub king_open_file: i32,
    /// Per piece worth less than four pawns (not a pawn or king) with a pawn of its side on the
    /// cell ahead of it, sheltered from attacks along its file.
    pub minor_behind_pawn: i32,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            mobility: 4,
            pawn_advance: 6,
            king_centre: 8,
            king_board: 15,
            king_class: 20,
            captured_point: 100,
            owned_point: 10,
            last_king: 600,
            spawn_file: 20,
            king_attack: 12,
            passed_pawn: 8,
            doubled_pawn: 10,
            isolated_pawn: 10,
            king_shelter: 10,
            mop_up: 10,
            piece_mobility: 0,
            king_zone: 0,
            king_zone_across: 0,
            bishop_pair: 0,
            open_file: 0,
            pawn_threat: 0,
            piece_threat: 0,
            king_pressure: 0,
            tempo: 0,
            passer_king: 0,
            pawn_guarded: 0,
            hanging: 0,
            connected_pawn: 0,
            safe_check: 0,
            passer_free: 0,
            outpost: 0,
            backward_pawn: 0,
            king_open_file: 0,
            minor_behind_pawn: 0,
        }
    }
}

impl Terms {
    /// The names engine.ini may set.
    pub const NAMES: &'static [&'static str] = &[
        "mobility",
        "pawn_advance",
        "king_centre",
        "king_board",
        "king_class",
        "captured_point",
        "owned_point",
        "last_king",
        "spawn_file",
        "king_attack",
        "passed_pawn",
        "doubled_pawn",
        "isolated_pawn",
        "king_shelter",
        "mop_up",
        "piece_mobility",
        "king_zone",
        "king_zone_across",
        "bishop_pair",
        "open_file",
        "pawn_threat",
        "piece_threat",
        "king_pressure",
        "tempo",
        "passer_king",
        "pawn_guarded",
        "hanging",
        "connected_pawn",
        "safe_check",
        "passer_free",
        "outpost",
        "backward_pawn",
        "king_open_file",
        "minor_behind_pawn",
    ];

    /// The weights, each beside its name of [`Terms::NAMES`].
    fn weights_mut(&mut self) -> [&mut i32; 34] {
        [
            &mut self.mobility,
            &mut self.pawn_advance,
            &mut self.king_centre,
            &mut self.king_board,
            &mut self.king_class,
            &mut self.captured_point,
            &mut self.owned_point,
            &mut self.last_king,
            &mut self.spawn_file,
            &mut self.king_attack,
            &mut self.passed_pawn,
            &mut self.doubled_pawn,
            &mut self.isolated_pawn,
            &mut self.king_shelter,
            &mut self.mop_up,
            &mut self.piece_mobility,
            &mut self.king_zone,
            &mut self.king_zone_across,
            &mut self.bishop_pair,
            &mut self.open_file,
            &mut self.pawn_threat,
            &mut self.piece_threat,
            &mut self.king_pressure,
            &mut self.tempo,
            &mut self.passer_king,
            &mut self.pawn_guarded,
            &mut self.hanging,
            &mut self.connected_pawn,
            &mut self.safe_check,
            &mut self.passer_free,
            &mut self.outpost,
            &mut self.backward_pawn,
            &mut self.king_open_file,
            &mut self.minor_behind_pawn,
        ]
    }

    /// The weight of term `name`, if it is one.
    pub fn weight(&self, name: &str) -> Option<i32> {
        let index = Terms::NAMES.iter().position(|&n| n == name)?;
        Some(*self.clone().weights_mut()[index])
    }

    /// Sets one weight by name; `Err` names the known ones.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let Some(index) = Terms::NAMES.iter().position(|&n| n == name) else {
            return Err(format!("unknown evaluation term '{name}' (known: {})", Terms::NAMES.join(", ")));
        };
        *self.weights_mut()[index] = value;
        Ok(())
    }
}

/// One piece's bonuses by rank, by file and by cell, each `[opening, endgame]`, added to its
/// derived piece-square values, and by the number of cells it can move to now; engine.ini's
/// `squares` key sets them. Empty when not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareBonus {
    /// Per rank counted from its owner's side, the owner's first rank first.
    pub ranks: Vec<[i32; 2]>,
    /// Per file, the first file first.
    pub files: Vec<[i32; 2]>,
    /// Per cell, rank by rank from its owner's first rank, each rank from the first file.
    pub cells: Vec<[i32; 2]>,
    /// Per count of cells the piece can move to that no enemy pawn attacks (on the board it
    /// lands on), from 0; a larger count takes the last entry.
    pub moves: Vec<[i32; 2]>,
}

impl SquareBonus {
    /// The bonus `[opening, endgame]` on the rank `advance` steps from its owner's first rank
    /// and on `file`, of a board `files` wide.
    pub fn at(&self, advance: usize, file: usize, files: usize) -> [i32; 2] {
        let rank = self.ranks.get(advance).copied().unwrap_or_default();
        let cell = self.cells.get(advance * files + file).copied().unwrap_or_default();
        let file = self.files.get(file).copied().unwrap_or_default();
        [rank[0] + file[0] + cell[0], rank[1] + file[1] + cell[1]]
    }

    /// The bonus `[opening, endgame]` for a piece that can move to `count` cells.
    #[inline]
    pub fn for_moves(&self, count: usize) -> [i32; 2] {
        self.moves.get(count).or(self.moves.last()).copied().unwrap_or_default()
    }
}

/// A variant's evaluation data from engine.ini: material values that replace the derived ones,
/// term weights and per-piece square bonuses.
#[derive(Clone, Debug, Default)]
pub struct EvalData {
    /// Per role, a value set by engine.ini's `values` key.
    pub values: Vec<Option<i32>>,
    /// The term weights.
    pub terms: Terms,
    /// Per role, the bonuses set by engine.ini's `squares` key.
    pub squares: Vec<SquareBonus>,
}
