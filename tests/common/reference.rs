//! A deliberately simple move generator written straight from RULES.md, sharing no code with
//! Vorpal's: a mailbox, hard-coded piece movement, and legality by the literal definition of
//! check ("the opponent would have a move that captures the king"). Slow, and meant to be.

#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    Fide,
    Alice,
    Lma,
    Monochrome,
    InsideOut,
    LookingGlass,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Transfer {
    Required,
    Stay,
    Optional,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Zero {
    No,
    Quiet,
    Capture,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub family: Family,
    pub files: i32,
    pub ranks: i32,
    pub layers: i32,
    pub transfer: Transfer,
    pub zero: Zero,
    pub castling: bool,
    pub double_step: bool,
    pub en_passant: bool,
    pub promotion: Vec<char>,
}

/// The rules of a built-in variant, as RULES.md states them.
pub fn rules(name: &str, en_passant: bool) -> Rules {
    let mut r = Rules {
        family: Family::Alice,
        files: 8,
        ranks: 8,
        layers: 2,
        transfer: Transfer::Required,
        zero: Zero::No,
        castling: true,
        double_step: true,
        en_passant,
        promotion: vec!['Q', 'R', 'B', 'N'],
    };
    match name {
        "normal" => {
            r.family = Family::Fide;
            r.layers = 1;
            r.en_passant = true;
        }
        "alice" | "alice2" => {}
        "msalice" => r.zero = Zero::Quiet,
        "odonohue" => r.transfer = Transfer::Stay,
        "duo" => {
            r.transfer = Transfer::Optional;
            r.zero = Zero::Capture;
        }
        "alice3" => r.layers = 3,
        "alice8x4" => {
            r.files = 4;
            r.castling = false;
            r.double_step = false;
        }
        "monochrome" => {
            r.family = Family::Monochrome;
            r.layers = 1;
            r.en_passant = false;
            r.castling = false;
            r.promotion = vec![];
        }
        "insideout" => {
            r.family = Family::InsideOut;
            r.files = 6;
            r.ranks = 6;
            r.castling = false;
            r.en_passant = false;
            r.promotion = vec!['K'];
        }
        "lookingglass" => {
            r.family = Family::LookingGlass;
            r.transfer = Transfer::Stay;
            r.en_passant = true;
        }
        "lma" | "lmadouble" => {
            r.family = Family::Lma;
            r.files = 6;
            r.ranks = 7;
            r.promotion = vec!['R', 'Q', 'C'];
            r.en_passant = false;
        }
        other => panic!("reference generator does not know {other}"),
    }
    r
}

/// A piece: upper-case letter and colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pc {
    pub kind: char,
    pub white: bool,
}

/// A square: layer, file, rank (0-based).
pub type Sq = (i32, i32, i32);

#[derive(Clone, Debug)]
pub struct Pos {
    pub r: Rules,
    pub board: Vec<Option<Pc>>,
    pub white: bool,
    /// Castling rights as (white, rook file).
    pub rights: Vec<(bool, i32)>,
    /// En passant: passed square and the pawn to remove.
    pub ep: Option<(Sq, Sq)>,
    /// Each side's last move (White, Black), for the rules against reversing.
    pub last: [Option<(Sq, Sq)>; 2],
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mv {
    pub from: Sq,
    pub to: Sq,
    pub promo: Option<char>,
    /// Squares whose pieces are removed.
    pub removes: Vec<Sq>,
    /// A rook moved by castling.
    pub rook: Option<(Sq, Sq)>,
    pub double_step: bool,
}

impl Pos {
    fn idx(&self, s: Sq) -> usize {
        ((s.0 * self.r.ranks + s.2) * self.r.files + s.1) as usize
    }
    pub fn at(&self, s: Sq) -> Option<Pc> {
        self.board[self.idx(s)]
    }
    fn set(&mut self, s: Sq, p: Option<Pc>) {
        let i = self.idx(s);
        self.board[i] = p;
    }
    fn on_board(&self, f: i32, r: i32) -> bool {
        f >= 0 && r >= 0 && f < self.r.files && r < self.r.ranks
    }

    pub fn from_fen(r: Rules, fen: &str) -> Pos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut pos = Pos {
            board: vec![None; (r.layers * r.files * r.ranks) as usize],
            r,
            white: fields[1] == "w",
            rights: vec![],
            ep: None,
            last: [None, None],
        };
        for (l, layer) in fields[0].split('|').enumerate() {
            for (i, row) in layer.split('/').enumerate() {
                let rank = pos.r.ranks - 1 - i as i32;
                let mut f = 0;
                let mut num = String::new();
                for ch in row.chars() {
                    if ch.is_ascii_digit() {
                        num.push(ch);
                        continue;
                    }
                    if !num.is_empty() {
                        f += num.parse::<i32>().unwrap();
                        num.clear();
                    }
                    if ch != '*' {
                        // Monochrome: the owner is whoever's half the piece stands in.
                        let white = if pos.r.family == Family::Monochrome {
                            rank < pos.r.ranks / 2
                        } else {
                            ch.is_ascii_uppercase()
                        };
                        pos.set((l as i32, f, rank), Some(Pc { kind: ch.to_ascii_uppercase(), white }));
                    }
                    f += 1;
                }
            }
        }
        for ch in fields[2].chars().filter(|&c| c != '-') {
            let white = ch.is_ascii_uppercase();
            let king = pos.find_king(white);
            let home = if white { 0 } else { pos.r.ranks - 1 };
            let rooks: Vec<i32> =
                (0..pos.r.files).filter(|&f| pos.at((king.0, f, home)) == Some(Pc { kind: 'R', white })).collect();
            let file = match ch.to_ascii_uppercase() {
                'K' => *rooks.iter().filter(|&&f| f > king.1).max().unwrap(),
                'Q' => *rooks.iter().filter(|&&f| f < king.1).min().unwrap(),
                c => c as i32 - 'A' as i32,
            };
            pos.rights.push((white, file));
        }
        for extra in fields.iter().skip(6) {
            let (key, value) = extra.split_once(':').unwrap();
            let trip = |pos: &Pos| if value == "-" { None } else { Some(pos.parse_trip(value)) };
            match key {
                "last" => pos.last[usize::from(pos.white)] = trip(&pos),
                "lastw" => pos.last[0] = trip(&pos),
                "lastb" => pos.last[1] = trip(&pos),
                _ => {}
            }
        }
        if fields[3] != "-" && pos.r.en_passant {
            let s = fields[3];
            let (l, rest) = if pos.r.layers > 1 { (s[..1].parse::<i32>().unwrap() - 1, &s[1..]) } else { (0, s) };
            let f = rest.as_bytes()[0] as i32 - 'a' as i32;
            let rank = rest[1..].parse::<i32>().unwrap() - 1;
            let victim_rank = if pos.white { rank - 1 } else { rank + 1 };
            // The pawn stayed on the passed square's board, or transferred (leaving it empty there).
            let victim = std::iter::once(l)
                .chain((0..pos.r.layers).filter(|&y| y != l))
                .map(|y| (y, f, victim_rank))
                .find(|&s| pos.at(s).is_some_and(|p| p.kind == 'P' && p.white != pos.white))
                .unwrap();
            pos.ep = Some(((l, f, rank), victim));
        }
        pos
    }

    /// Reads a move text such as `e2e4` or `1c22c4` into its two squares.
    fn parse_trip(&self, text: &str) -> (Sq, Sq) {
        let b = text.as_bytes();
        let mut squares = vec![];
        let mut i = 0;
        while i < b.len() {
            let l = if self.r.layers > 1 {
                i += 1;
                (b[i - 1] - b'1') as i32
            } else {
                0
            };
            let f = (b[i] - b'a') as i32;
            i += 1;
            let start = i;
            while i < b.len()
                && b[i].is_ascii_digit()
                && !(self.r.layers > 1 && i + 1 < b.len() && b[i + 1].is_ascii_lowercase())
            {
                i += 1;
            }
            squares.push((l, f, text[start..i].parse::<i32>().unwrap() - 1));
        }
        (squares[0], squares[1])
    }

    fn king_capture(&self) -> bool {
        matches!(self.r.family, Family::Monochrome | Family::InsideOut | Family::LookingGlass)
    }

    /// Whether the game is over by the family's own rules (before looking at moves).
    pub fn ended(&self) -> bool {
        match self.r.family {
            Family::Monochrome => {
                let half = |white: bool| (0..self.r.ranks).filter(move |&r| (r < self.r.ranks / 2) == white);
                [true, false].iter().any(|&w| half(w).all(|r| (0..self.r.files).all(|f| self.at((0, f, r)).is_none())))
            }
            Family::InsideOut | Family::LookingGlass => self.kings(true).is_empty() || self.kings(false).is_empty(),
            _ => false,
        }
    }

    pub fn find_king(&self, white: bool) -> Sq {
        self.kings(white).into_iter().next().expect("a king")
    }

    fn kings(&self, white: bool) -> Vec<Sq> {
        let mut out = vec![];
        for l in 0..self.r.layers {
            for r in 0..self.r.ranks {
                for f in 0..self.r.files {
                    if self.at((l, f, r)) == Some(Pc { kind: 'K', white }) {
                        out.push((l, f, r));
                    }
                }
            }
        }
        out
    }

    pub fn name(&self, s: Sq) -> String {
        let cell = format!("{}{}", (b'a' + s.1 as u8) as char, s.2 + 1);
        if self.r.layers > 1 {
            format!("{}{}", s.0 + 1, cell)
        } else {
            cell
        }
    }

    pub fn text(&self, m: &Mv) -> String {
        // Looking-Glass writes castling king-takes-own-rook.
        let to = match m.rook {
            Some((rook_from, _)) if self.r.family == Family::LookingGlass => rook_from,
            _ => m.to,
        };
        let mut s = self.name(m.from) + &self.name(to);
        if let Some(p) = m.promo {
            s.push(p.to_ascii_lowercase());
        }
        s
    }

    /// Cells a piece of `kind` on (l, f, r) reaches on its own board: (file, rank, may move, may capture).
    fn geometric(&self, p: Pc, s: Sq, removed: Option<Sq>) -> Vec<(i32, i32, bool, bool)> {
        let (l, f, r) = s;
        let mut out = vec![];
        let blocked = |ff: i32, rr: i32| self.at((l, ff, rr)).is_some() && Some((l, ff, rr)) != removed;
        let leap = |out: &mut Vec<_>, d: &[(i32, i32)]| {
            for &(a, b) in d {
                for (x, y) in [(a, b), (b, a)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let t = (f + x * sx, r + y * sy, true, true);
                        if self.on_board(t.0, t.1) && !out.contains(&t) {
                            out.push(t);
                        }
                    }
                }
            }
        };
        let slide = |out: &mut Vec<_>, dirs: &[(i32, i32)]| {
            for &(dx, dy) in dirs {
                let (mut ff, mut rr) = (f + dx, r + dy);
                while self.on_board(ff, rr) {
                    out.push((ff, rr, true, true));
                    if blocked(ff, rr) {
                        break;
                    }
                    ff += dx;
                    rr += dy;
                }
            }
        };
        let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match p.kind {
            'N' => leap(&mut out, &[(2, 1)]),
            'K' => leap(&mut out, &[(1, 0), (1, 1)]),
            'R' => slide(&mut out, &rook),
            'B' => slide(&mut out, &bishop),
            'Q' => {
                slide(&mut out, &rook);
                slide(&mut out, &bishop);
            }
            'C' => {
                slide(&mut out, &bishop);
                leap(&mut out, &[(2, 1)]);
            }
            'P' => {
                let dir = if p.white { 1 } else { -1 };
                if self.on_board(f, r + dir) {
                    out.push((f, r + dir, true, false));
                }
                for df in [-1, 1] {
                    if self.on_board(f + df, r + dir) {
                        out.push((f + df, r + dir, false, true));
                    }
                }
            }
            other => panic!("unknown piece {other}"),
        }
        out
    }

    /// Whether a piece of `by` on board `l` geometrically captures onto (f, r), seeing board l only.
    fn geo_attacked(&self, l: i32, f: i32, r: i32, by_white: bool, removed: Option<Sq>) -> bool {
        for rr in 0..self.r.ranks {
            for ff in 0..self.r.files {
                if Some((l, ff, rr)) == removed {
                    continue;
                }
                if let Some(p) = self.at((l, ff, rr)) {
                    if p.white == by_white
                        && self.geometric(p, (l, ff, rr), removed).iter().any(|t| t.0 == f && t.1 == r && t.3)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn colour(f: i32, r: i32) -> i32 {
        (f + r) % 2
    }

    fn other_layers(&self, l: i32) -> Vec<i32> {
        (0..self.r.layers).filter(|&x| x != l).collect()
    }

    /// Every move of the side `white` by the rules, but for its own king's safety.
    /// `strict` adds the king-move restrictions (rule 5, the LMA king rule) and castling.
    pub fn pseudo(&self, white: bool, strict: bool) -> Vec<Mv> {
        match self.r.family {
            Family::Monochrome => return self.monochrome_moves(white),
            Family::InsideOut => return self.insideout_moves(white),
            _ => {}
        }
        let mut out = vec![];
        let promo_rank = if white { self.r.ranks - 1 } else { 0 };
        for l in 0..self.r.layers {
            for r in 0..self.r.ranks {
                for f in 0..self.r.files {
                    let Some(p) = self.at((l, f, r)) else {
                        continue;
                    };
                    if p.white != white {
                        continue;
                    }
                    let from = (l, f, r);
                    let mut targets: Vec<(Sq, Option<Sq>, bool)> = vec![]; // (landing, removed, double step)
                    for (tf, tr, can_move, can_capture) in self.geometric(p, from, None) {
                        let v = (l, tf, tr);
                        let here = self.at(v);
                        if p.kind == 'K' && strict && self.king_move_forbidden(from, v) {
                            continue;
                        }
                        self.land(p, from, v, here, can_move, can_capture, &mut targets);
                    }
                    if p.kind == 'P' {
                        let dir = if white { 1 } else { -1 };
                        let start = if white { 1 } else { self.r.ranks - 2 };
                        if self.r.double_step
                            && r == start
                            && self.at((l, f, r + dir)).is_none()
                            && self.at((l, f, r + 2 * dir)).is_none()
                        {
                            let before = targets.len();
                            self.land(p, from, (l, f, r + 2 * dir), None, true, false, &mut targets);
                            for t in &mut targets[before..] {
                                t.2 = true;
                            }
                        }
                        if let Some((passed, victim)) = self.ep {
                            if passed.0 == l
                                && passed.2 == r + dir
                                && (passed.1 - f).abs() == 1
                                && self.at(passed).is_none()
                            {
                                let before = targets.len();
                                self.land(p, from, passed, None, true, false, &mut targets);
                                for t in &mut targets[before..] {
                                    t.1 = Some(victim);
                                }
                            }
                        }
                    }
                    for (to, removed, double_step) in targets {
                        let promos: Vec<Option<char>> = if p.kind == 'P' && to.2 == promo_rank {
                            self.r.promotion.iter().map(|&c| Some(c)).collect()
                        } else {
                            vec![None]
                        };
                        for promo in promos {
                            out.push(Mv {
                                from,
                                to,
                                promo,
                                removes: removed.into_iter().collect(),
                                rook: None,
                                double_step,
                            });
                        }
                    }
                    self.zero_moves(p, from, strict, &mut out);
                }
            }
        }
        if strict && self.r.castling {
            self.castlings(white, &mut out);
        }
        out
    }

    /// Where a geometric move from `from` to `v` (on the piece's board) may end.
    #[allow(clippy::too_many_arguments)]
    fn land(
        &self,
        p: Pc,
        from: Sq,
        v: Sq,
        here: Option<Pc>,
        can_move: bool,
        can_capture: bool,
        out: &mut Vec<(Sq, Option<Sq>, bool)>,
    ) {
        let enemy_here = here.is_some_and(|h| h.white != p.white);
        let ok_here = (here.is_none() && can_move) || (enemy_here && can_capture);
        let cap_here = if enemy_here { Some(v) } else { None };
        match self.r.family {
            Family::Monochrome | Family::InsideOut => unreachable!("they have their own generators"),
            Family::Fide => {
                if ok_here {
                    out.push((v, cap_here, false));
                }
            }
            Family::Alice | Family::LookingGlass => {
                if !ok_here {
                    return;
                }
                if self.r.transfer == Transfer::Optional {
                    out.push((v, cap_here, false));
                }
                for y in self.other_layers(v.0) {
                    let twin = (y, v.1, v.2);
                    if self.at(twin).is_none() {
                        out.push((twin, cap_here, false));
                    } else if self.r.transfer == Transfer::Stay {
                        out.push((v, cap_here, false));
                    }
                }
            }
            Family::Lma => {
                let same = Self::colour(from.1, from.2) == Self::colour(v.1, v.2);
                let twin = (1 - v.0, v.1, v.2);
                let there = self.at(twin);
                if same {
                    if ok_here {
                        out.push((v, cap_here, false));
                    }
                } else if here.is_some_and(|h| h.white == p.white) {
                } else if enemy_here {
                    if can_capture && there.is_none() {
                        out.push((twin, Some(v), false));
                    }
                } else {
                    match there {
                        None if can_move => out.push((twin, None, false)),
                        Some(t) if t.white != p.white && can_capture => out.push((twin, Some(twin), false)),
                        _ => {}
                    }
                }
            }
        }
    }

    /// Rule 5 of Alice (and the LMA king rule): the king's destination must not be attacked on its board.
    fn king_move_forbidden(&self, from: Sq, v: Sq) -> bool {
        let enemy = !self.at(from).unwrap().white;
        match self.r.family {
            Family::Fide | Family::Monochrome | Family::InsideOut | Family::LookingGlass => false,
            Family::Alice => self.geo_attacked(v.0, v.1, v.2, enemy, Some(from)),
            Family::Lma => {
                Self::colour(from.1, from.2) != Self::colour(v.1, v.2)
                    && self.geo_attacked(v.0, v.1, v.2, enemy, Some(from))
            }
        }
    }

    fn zero_moves(&self, p: Pc, from: Sq, strict: bool, out: &mut Vec<Mv>) {
        if self.r.family != Family::Alice {
            return;
        }
        match self.r.zero {
            Zero::No => {}
            Zero::Quiet => {
                if p.kind == 'K' && strict && self.king_in_check(p.white) {
                    return;
                }
                for y in self.other_layers(from.0) {
                    let to = (y, from.1, from.2);
                    if self.at(to).is_none() {
                        out.push(Mv { from, to, promo: None, removes: vec![], rook: None, double_step: false });
                    }
                }
            }
            Zero::Capture => {
                if p.kind == 'P' {
                    return;
                }
                for y in self.other_layers(from.0) {
                    let to = (y, from.1, from.2);
                    match self.at(to) {
                        None => out.push(Mv { from, to, promo: None, removes: vec![], rook: None, double_step: false }),
                        Some(t) if t.white != p.white => {
                            out.push(Mv { from, to, promo: None, removes: vec![to], rook: None, double_step: false })
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// Whether the square would be attacked for castling purposes.
    fn castle_attacked(&self, s: Sq, by_white: bool, king: Sq) -> bool {
        match self.r.family {
            Family::Monochrome | Family::InsideOut | Family::LookingGlass => false,
            Family::Fide => self.geo_attacked(s.0, s.1, s.2, by_white, Some(king)),
            Family::Alice => {
                self.geo_attacked(s.0, s.1, s.2, by_white, Some(king))
                    || (self.r.zero == Zero::Capture
                        && self
                            .other_layers(s.0)
                            .iter()
                            .any(|&y| self.at((y, s.1, s.2)).is_some_and(|t| t.white == by_white && t.kind != 'P')))
            }
            Family::Lma => {
                let mut probe = self.clone();
                probe.set(king, None);
                probe.set(s, Some(Pc { kind: 'K', white: !by_white }));
                probe.pseudo(by_white, false).iter().any(|m| m.removes.contains(&s))
            }
        }
    }

    fn castlings(&self, white: bool, out: &mut Vec<Mv>) {
        if self.r.family == Family::LookingGlass {
            return self.chess960_castlings(white, out);
        }
        let enemy = !white;
        for &(w, rook_file) in &self.rights {
            if w != white {
                continue;
            }
            let k = self.find_king(white);
            let rank = if white { 0 } else { self.r.ranks - 1 };
            if k.2 != rank || self.at((k.0, rook_file, rank)) != Some(Pc { kind: 'R', white }) {
                continue;
            }
            let dir = if rook_file > k.1 { 1 } else { -1 };
            let between = (k.1.min(rook_file) + 1..k.1.max(rook_file)).all(|f| self.at((k.0, f, rank)).is_none());
            if !between {
                continue;
            }
            let king_to = (k.0, k.1 + 2 * dir, rank);
            let rook_to = (k.0, k.1 + dir, rank);
            if self.castle_attacked(k, enemy, k) || self.castle_attacked(rook_to, enemy, k) {
                continue;
            }
            let rook_from = (k.0, rook_file, rank);
            let mk = |kt: Sq, rt: Sq| Mv {
                from: k,
                to: kt,
                promo: None,
                removes: vec![],
                rook: Some((rook_from, rt)),
                double_step: false,
            };
            match self.r.family {
                Family::Fide => out.push(mk(king_to, rook_to)),
                Family::Alice => {
                    if self.castle_attacked(king_to, enemy, k) {
                        continue;
                    }
                    if self.r.transfer == Transfer::Optional {
                        out.push(mk(king_to, rook_to));
                    }
                    for y in self.other_layers(k.0) {
                        let (kt, rt) = ((y, king_to.1, rank), (y, rook_to.1, rank));
                        let (kf, rf) = (self.at(kt).is_none(), self.at(rt).is_none());
                        match self.r.transfer {
                            Transfer::Stay => {
                                out.push(mk(if kf { kt } else { king_to }, if rf { rt } else { rook_to }))
                            }
                            _ if kf && rf => out.push(mk(kt, rt)),
                            _ => {}
                        }
                    }
                }
                Family::Monochrome | Family::InsideOut | Family::LookingGlass => unreachable!(),
                Family::Lma => {
                    let lands = |from: Sq, to: Sq| -> Option<Sq> {
                        if Self::colour(from.1, from.2) == Self::colour(to.1, to.2) {
                            Some(to)
                        } else {
                            let twin = (1 - to.0, to.1, to.2);
                            self.at(twin).is_none().then_some(twin)
                        }
                    };
                    if let (Some(kt), Some(rt)) = (lands(k, king_to), lands(rook_from, rook_to)) {
                        out.push(mk(kt, rt));
                    }
                }
            }
        }
    }

    pub fn apply(&self, m: &Mv) -> Pos {
        let mut p = self.clone();
        let piece = p.at(m.from).unwrap();
        for &s in &m.removes {
            p.set(s, None);
        }
        p.set(m.from, None);
        if let Some((rf, rt)) = m.rook {
            p.set(rf, None);
            p.set(rt, Some(Pc { kind: 'R', white: piece.white }));
        }
        let white = if self.r.family == Family::Monochrome { m.to.2 < self.r.ranks / 2 } else { piece.white };
        p.set(m.to, Some(Pc { kind: m.promo.unwrap_or(piece.kind), white }));
        p.last[usize::from(!self.white)] = Some((m.from, m.to));
        if self.r.family == Family::InsideOut && m.removes.iter().any(|&s| self.at(s).is_some_and(|x| x.kind == 'K')) {
            p.spawn();
        }
        let touched: Vec<Sq> =
            [m.from].into_iter().chain(m.removes.iter().copied()).chain(m.rook.map(|r| r.0)).collect();
        let kings: Vec<(bool, Sq)> =
            [true, false].iter().filter_map(|&w| self.kings(w).first().map(|&k| (w, k))).collect();
        p.rights.retain(|&(w, rook_file)| {
            let home = if w { 0 } else { self.r.ranks - 1 };
            let king = kings.iter().find(|(kw, _)| *kw == w).map(|k| k.1);
            !touched
                .iter()
                .any(|&t| Some(t) == king || (king.is_some_and(|k| k.0 == t.0) && t.1 == rook_file && t.2 == home))
        });
        p.ep = None;
        if m.double_step && p.r.en_passant {
            let board = if self.r.family == Family::LookingGlass { m.from.0 } else { m.to.0 };
            let passed = (board, m.to.1, (m.from.2 + m.to.2) / 2);
            p.ep = Some((passed, m.to));
        }
        p.white = !p.white;
        p
    }

    /// Check, by the shared definition: the opponent has a move capturing a king of `white`.
    pub fn king_in_check(&self, white: bool) -> bool {
        let kings = self.kings(white);
        self.pseudo(!white, false).iter().any(|m| m.removes.iter().any(|s| kings.contains(s)))
    }

    pub fn legal(&self) -> Vec<Mv> {
        if self.king_capture() {
            return self.pseudo(self.white, true);
        }
        self.pseudo(self.white, true).into_iter().filter(|m| !self.apply(m).king_in_check(self.white)).collect()
    }

    /// Monochrome: pieces of the mover's half move as in FIDE chess (pawns one step either way
    /// along the file, two toward the centre from rank 2 or 7, capturing diagonally any way),
    /// capture only in the other half, castle freely, and never reject the opponent's last move.
    fn monochrome_moves(&self, white: bool) -> Vec<Mv> {
        let mut out = vec![];
        let mine = |r: i32| (r < self.r.ranks / 2) == white;
        let rejected = self.last[usize::from(white)].map(|(a, b)| (b, a));
        let mut push = |from: Sq, to: Sq, capture: bool, double_step: bool| {
            if Some((from, to)) != rejected {
                out.push(Mv {
                    from,
                    to,
                    promo: None,
                    removes: if capture { vec![to] } else { vec![] },
                    rook: None,
                    double_step,
                });
            }
        };
        for r in 0..self.r.ranks {
            for f in 0..self.r.files {
                let Some(p) = self.at((0, f, r)) else { continue };
                if !mine(r) {
                    continue;
                }
                let from = (0, f, r);
                if p.kind == 'P' {
                    for dy in [1, -1] {
                        if self.on_board(f, r + dy) && self.at((0, f, r + dy)).is_none() {
                            push(from, (0, f, r + dy), false, false);
                        }
                    }
                    for (start, dy) in [(1, 1), (6, -1)] {
                        if r == start && self.at((0, f, r + dy)).is_none() && self.at((0, f, r + 2 * dy)).is_none() {
                            push(from, (0, f, r + 2 * dy), false, true);
                        }
                    }
                    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if self.on_board(f + dx, r + dy) && self.at((0, f + dx, r + dy)).is_some() && !mine(r + dy) {
                            push(from, (0, f + dx, r + dy), true, false);
                        }
                    }
                    continue;
                }
                for (tf, tr, _, _) in self.geometric(p, from, None) {
                    match self.at((0, tf, tr)) {
                        None => push(from, (0, tf, tr), false, false),
                        Some(_) if !mine(tr) => push(from, (0, tf, tr), true, false),
                        Some(_) => {}
                    }
                }
            }
        }
        let home = if white { 0 } else { self.r.ranks - 1 };
        if self.at((0, 4, home)) == Some(Pc { kind: 'K', white }) {
            for (rook_file, dir) in [(7, 1), (0, -1)] {
                let clear = (rook_file.min(4) + 1..rook_file.max(4)).all(|f| self.at((0, f, home)).is_none());
                if self.at((0, rook_file, home)) == Some(Pc { kind: 'R', white }) && clear {
                    out.push(Mv {
                        from: (0, 4, home),
                        to: (0, 4 + 2 * dir, home),
                        promo: None,
                        removes: vec![],
                        rook: Some(((0, rook_file, home), (0, 4 + dir, home))),
                        double_step: false,
                    });
                }
            }
        }
        out
    }

    /// Inside-out: dual fields c3-f4 have an inner cell (layer 1 here); moves ending there end
    /// inside, riders pass only wholly empty fields, an inner piece only steps out.
    fn insideout_moves(&self, white: bool) -> Vec<Mv> {
        let dual = |f: i32, r: i32| (2..=5).contains(&f) && (2..=3).contains(&r);
        let mut targets: Vec<(Sq, Sq, bool, bool)> = vec![]; // from, to, capture, double step
                                                             // Where a move that can move and/or capture ends at (f, r), if it may.
        let ending = |f: i32, r: i32, can_move: bool, can_capture: bool| -> Option<(Sq, bool)> {
            let cell = if dual(f, r) { (1, f, r) } else { (0, f, r) };
            match self.at(cell) {
                None if can_move => Some((cell, false)),
                Some(t) if t.white != white && can_capture => Some((cell, true)),
                _ => None,
            }
        };
        let passable = |f: i32, r: i32| self.at((0, f, r)).is_none() && (!dual(f, r) || self.at((1, f, r)).is_none());
        for l in 0..2 {
            for r in 0..self.r.ranks {
                for f in 0..self.r.files {
                    let Some(p) = self.at((l, f, r)) else { continue };
                    if p.white != white {
                        continue;
                    }
                    let from = (l, f, r);
                    if l == 1 {
                        match self.at((0, f, r)) {
                            None => targets.push((from, (0, f, r), false, false)),
                            Some(t) if t.white != white => targets.push((from, (0, f, r), true, false)),
                            _ => {}
                        }
                        continue;
                    }
                    let mut add = |e: Option<(Sq, bool)>, double_step: bool| {
                        if let Some((to, capture)) = e {
                            targets.push((from, to, capture, double_step));
                        }
                    };
                    match p.kind {
                        'N' | 'K' => {
                            let steps: &[(i32, i32)] = if p.kind == 'N' {
                                &[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
                            } else {
                                &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
                            };
                            for &(dx, dy) in steps {
                                if self.on_board(f + dx, r + dy) {
                                    add(ending(f + dx, r + dy, true, true), false);
                                }
                            }
                        }
                        'R' | 'B' => {
                            let dirs: &[(i32, i32)] = if p.kind == 'R' {
                                &[(1, 0), (-1, 0), (0, 1), (0, -1)]
                            } else {
                                &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
                            };
                            for &(dx, dy) in dirs {
                                let (mut ff, mut rr) = (f + dx, r + dy);
                                while self.on_board(ff, rr) {
                                    add(ending(ff, rr, true, true), false);
                                    if !passable(ff, rr) {
                                        break;
                                    }
                                    ff += dx;
                                    rr += dy;
                                }
                            }
                        }
                        'P' => {
                            let dir = if white { 1 } else { -1 };
                            if self.on_board(f, r + dir) {
                                add(ending(f, r + dir, true, false), false);
                            }
                            let start = if white { 1 } else { 4 };
                            if r == start && passable(f, r + dir) {
                                add(ending(f, r + 2 * dir, true, false), true);
                            }
                            for dx in [-1, 1] {
                                if self.on_board(f + dx, r + dir) {
                                    add(ending(f + dx, r + dir, false, true), false);
                                }
                            }
                        }
                        other => panic!("no {other} in insideout"),
                    }
                }
            }
        }
        let own_last = self.last[usize::from(!white)];
        let last_rank = if white { self.r.ranks - 1 } else { 0 };
        let mut out = vec![];
        for (from, to, capture, double_step) in targets {
            if own_last == Some((to, from)) {
                continue;
            }
            let pawn = self.at(from).unwrap().kind == 'P';
            let promo = (pawn && to.2 == last_rank).then_some('K');
            out.push(Mv { from, to, promo, removes: if capture { vec![to] } else { vec![] }, rook: None, double_step });
        }
        out
    }

    /// Inside-out rule 7: pawns appear on empty start squares of files without a pawn of their side.
    fn spawn(&mut self) {
        for white in [true, false] {
            let start = if white { 1 } else { self.r.ranks - 2 };
            for f in 0..self.r.files {
                let has_pawn = (0..self.r.layers)
                    .any(|l| (0..self.r.ranks).any(|r| self.at((l, f, r)) == Some(Pc { kind: 'P', white })));
                if !has_pawn && self.at((0, f, start)).is_none() {
                    self.set((0, f, start), Some(Pc { kind: 'P', white }));
                }
            }
        }
    }

    /// Looking-Glass castling: Chess960 on the king's board, no check condition, then king
    /// and rook each transfer if their twin is empty.
    fn chess960_castlings(&self, white: bool, out: &mut Vec<Mv>) {
        let Some(&k) = self.kings(white).first() else { return };
        let rank = if white { 0 } else { self.r.ranks - 1 };
        for &(w, rook_file) in &self.rights {
            if w != white || k.2 != rank || self.at((k.0, rook_file, rank)) != Some(Pc { kind: 'R', white }) {
                continue;
            }
            let (kt, rt) = if rook_file > k.1 { (6, 5) } else { (2, 3) };
            let span = |a: i32, b: i32| (a.min(b)..=a.max(b)).collect::<Vec<i32>>();
            let clear = span(k.1, kt)
                .into_iter()
                .chain(span(rook_file, rt))
                .all(|f| f == k.1 || f == rook_file || self.at((k.0, f, rank)).is_none());
            if !clear {
                continue;
            }
            let y = 1 - k.0;
            let land = |f: i32| if self.at((y, f, rank)).is_none() { (y, f, rank) } else { (k.0, f, rank) };
            let (king_to, rook_to) = (land(kt), land(rt));
            out.push(Mv {
                from: k,
                to: king_to,
                promo: None,
                removes: vec![],
                rook: Some(((k.0, rook_file, rank), rook_to)),
                double_step: false,
            });
        }
    }

    pub fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(|m| self.text(m)).collect();
        v.sort();
        v
    }
}
