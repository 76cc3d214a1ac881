//! Resolving engine.ini sections (with `[child:parent]` inheritance) into loaded variants.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::ini::{self, Entry, IniError, Section};
use crate::eval::EvalData;
use crate::geometry::Bitboard;
use crate::geometry::Geometry;
use crate::pieces::attacks::Tables;
use crate::pieces::{betza, ByColor, PieceType, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::{Alice, Family, Fide, InsideOut, Lma, LookingGlass, Monochrome, Transfer, ZeroMoves};
use crate::variant::psq::PieceSquare;
use crate::variant::zobrist::Zobrist;
use crate::variant::{CastlingStyle, Variant};

/// The engine.ini compiled into the binary.
pub const BUILTIN: &str = include_str!("../../engine.ini");

/// The keys a section may use.
const KEYS: &[&str] = &[
    "family",
    "size",
    "layers",
    "holes",
    "pieces",
    "pawn",
    "king",
    "rook",
    "promotion",
    "castling",
    "double_step",
    "en_passant",
    "start",
    "transfer",
    "zero_moves",
    "capture_values",
    "values",
    "eval",
];

/// Engine options that set a variant key, as `(option name, key)`.
pub const OPTIONS: &[(&str, &str)] = &[("EnPassant", "en_passant")];

/// All variant sections known: the built-in ones, then those of a user file.
#[derive(Clone, Debug)]
pub struct Config {
    sections: Vec<Section>,
}

impl Config {
    /// The built-in variants only.
    pub fn builtin() -> Config {
        let sections = ini::parse("engine.ini (built in)", BUILTIN).unwrap_or_default();
        Config { sections }
    }

    /// The built-in variants plus those of `path` (which replace built-in ones of the same name);
    /// every variant is built once so that any error is reported now, with its file and line.
    pub fn load(path: Option<&Path>) -> Result<Config, IniError> {
        match path {
            None => Config::with_text("engine.ini (built in)", ""),
            Some(path) => {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(path).map_err(|e| IniError {
                    file: name.clone(),
                    line: 0,
                    reason: format!("cannot read the file: {e}"),
                })?;
                Config::with_text(&name, &text)
            }
        }
    }

    /// The built-in variants plus those of ini `text` read from a file called `name`.
    pub fn with_text(name: &str, text: &str) -> Result<Config, IniError> {
        let mut config = Config { sections: ini::parse("engine.ini (built in)", BUILTIN)? };
        for section in ini::parse(name, text)? {
            config.sections.retain(|s| s.name != section.name);
            config.sections.push(section);
        }
        for s in &config.sections {
            config.variant(&s.name, &[])?;
        }
        Ok(config)
    }

    /// The variant names, in file order.
    pub fn names(&self) -> Vec<String> {
        self.sections.iter().map(|s| s.name.clone()).collect()
    }

    fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// Builds a variant, with engine options (`EnPassant=true`) applied.
    pub fn variant(&self, name: &str, options: &[(String, String)]) -> Result<Arc<Variant>, IniError> {
        self.variant_weighing(name, options, None)
    }

    /// Builds a variant as [`Config::variant`] does, with evaluation term `term` weighed `weight`
    /// instead (what the `eval` command takes each term's share with).
    pub fn variant_weighing(
        &self,
        name: &str,
        options: &[(String, String)],
        term: Option<(&str, i32)>,
    ) -> Result<Arc<Variant>, IniError> {
        let Some(section) = self.section(name) else {
            return Err(IniError {
                file: "command line".into(),
                line: 0,
                reason: format!("unknown variant '{name}' (known: {})", self.names().join(", ")),
            });
        };
        let (ancestors, mut keys) = self.resolve(section)?;
        for (option, value) in options {
            let Some((_, key)) = OPTIONS.iter().find(|(o, _)| o.eq_ignore_ascii_case(option)) else {
                let known: Vec<&str> = OPTIONS.iter().map(|o| o.0).collect();
                return Err(IniError {
                    file: "command line".into(),
                    line: 0,
                    reason: format!("unknown option '{option}' (known: {})", known.join(", ")),
                });
            };
            keys.insert(
                key.to_string(),
                (Entry { key: key.to_string(), value: value.clone(), line: 0 }, section.clone()),
            );
        }
        if let Some((term, weight)) = term {
            // A term named again later in the `eval` key replaces the earlier weight.
            let weights = keys.get("eval").map_or(String::new(), |(e, _)| e.value.clone());
            let value = format!("{weights} {term}:{weight}");
            keys.insert("eval".into(), (Entry { key: "eval".into(), value, line: 0 }, section.clone()));
        }
        build(section, &ancestors, &keys)
    }

    /// The section's ancestors, nearest first, and its keys merged with theirs, each with the
    /// section it came from.
    fn resolve<'a>(&'a self, section: &'a Section) -> Result<Resolved<'a>, IniError> {
        let mut chain = vec![section];
        while let Some(parent) = &chain.last().and_then(|s| s.parent.clone()) {
            let child = *chain.last().unwrap_or(&section);
            let Some(p) = self.section(parent) else {
                return Err(child.error(format!("[{}] inherits from unknown section '{parent}'", child.name)));
            };
            if chain.iter().any(|s| s.name == p.name) {
                return Err(
                    section.error(format!("inheritance of [{}] runs in a circle through [{}]", section.name, p.name))
                );
            }
            chain.push(p);
        }
        let mut keys = BTreeMap::new();
        for s in chain.iter().rev() {
            for e in &s.entries {
                if !KEYS.contains(&e.key.as_str()) {
                    return Err(at(s, e, format!("unknown key '{}' (known keys: {})", e.key, KEYS.join(", "))));
                }
                keys.insert(e.key.clone(), (e.clone(), (*s).clone()));
            }
        }
        Ok((chain.split_off(1), keys))
    }
}

/// A section's ancestors (nearest first) and its merged keys, as `Config::resolve` finds them.
type Resolved<'a> = (Vec<&'a Section>, BTreeMap<String, (Entry, Section)>);

fn at(section: &Section, entry: &Entry, reason: String) -> IniError {
    let line = if entry.line == 0 { section.line } else { entry.line };
    let file = if entry.line == 0 { "command line".to_string() } else { section.file.clone() };
    IniError { file, line, reason }
}

/// Parses `LETTER:NUMBER` items into (role, number) pairs; `expected` describes the number.
/// An entry inherited from a parent section may name pieces the child has dropped: those
/// are skipped; in the section's own entry an unknown letter is an error.
fn per_letter<T: std::str::FromStr>(
    text: &str,
    pieces: &[PieceType],
    expected: &str,
    inherited: bool,
) -> Result<Vec<(usize, T)>, String> {
    let mut out = Vec::new();
    for item in text.split_whitespace() {
        let parsed = item.split_once(':').and_then(|(l, n)| Some((l.chars().next()?, n.parse::<T>().ok()?)));
        let Some((letter, number)) = parsed else {
            return Err(format!("expected LETTER:{expected}, got '{item}'"));
        };
        match pieces.iter().position(|p| p.letter == letter) {
            Some(role) => out.push((role, number)),
            None if inherited => {}
            None => return Err(format!("'{letter}' is not one of the pieces")),
        }
    }
    Ok(out)
}

/// Builds a variant from its merged keys; `ancestors` are the sections they were looked for in.
fn build(
    section: &Section,
    ancestors: &[&Section],
    keys: &BTreeMap<String, (Entry, Section)>,
) -> Result<Arc<Variant>, IniError> {
    let get = |key: &str| keys.get(key);
    // A key missing only because a --config file replaced an ancestor (its `[normal]`, say)
    // is the user's to add there: name every section the key was looked for in.
    let required = |key: &str| {
        get(key).ok_or_else(|| {
            let mut reason = format!("[{}] needs the key '{key}'", section.name);
            if !ancestors.is_empty() {
                let searched: Vec<String> =
                    ancestors.iter().map(|s| format!("[{}] ({}:{})", s.name, s.file, s.line)).collect();
                reason += &format!(", which none of the sections it inherits from sets: {}", searched.join(", "));
            }
            section.error(reason)
        })
    };
    // A value inherited from a parent can be wrong for the child only (its size, its holes):
    // the error points at the child and names where the value was written.
    let fail = |key: &str, reason: String| {
        let (e, s) = &keys[key];
        if s.name == section.name || e.line == 0 {
            at(s, e, format!("key '{key}': {reason}"))
        } else {
            let from = format!("[{}] ({}:{})", s.name, s.file, e.line);
            section.error(format!("[{}]: key '{key}' inherited from {from}: {reason}", section.name))
        }
    };
    let boolean = |key: &str, default: bool| -> Result<bool, IniError> {
        match get(key).map(|(e, _)| e.value.to_ascii_lowercase()) {
            None => Ok(default),
            Some(v) if ["true", "yes", "on", "1"].contains(&v.as_str()) => Ok(true),
            Some(v) if ["false", "no", "off", "0"].contains(&v.as_str()) => Ok(false),
            Some(v) => Err(fail(key, format!("expected true or false, got '{v}'"))),
        }
    };

    let (size, _) = required("size")?;
    let (files, ranks) = size
        .value
        .split_once('x')
        .and_then(|(w, h)| Some((w.trim().parse::<u8>().ok()?, h.trim().parse::<u8>().ok()?)))
        .ok_or_else(|| fail("size", format!("expected FILESxRANKS like 8x8, got '{}'", size.value)))?;
    let layers = match get("layers") {
        None => 1,
        Some((e, _)) => {
            e.value.parse::<u8>().map_err(|_| fail("layers", format!("expected a number, got '{}'", e.value)))?
        }
    };
    let mut geometry = Geometry::new(files, ranks, layers).map_err(|e| fail("size", e))?;
    if let Some((e, _)) = get("holes") {
        for name in e.value.split_whitespace() {
            let sq = geometry
                .parse_square(name)
                .ok_or_else(|| fail("holes", format!("'{name}' is not a square of this board")))?;
            geometry.remove(sq);
        }
    }

    let (pieces_entry, _) = required("pieces")?;
    let mut pieces: Vec<PieceType> = Vec::new();
    for item in pieces_entry.value.split_whitespace() {
        let (letter, movement) = item
            .split_once(':')
            .ok_or_else(|| fail("pieces", format!("expected LETTER:BETZA like N:N, got '{item}'")))?;
        let mut chars = letter.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(fail("pieces", format!("'{letter}' must be a single letter")));
        };
        if !letter.is_ascii_uppercase() {
            return Err(fail("pieces", format!("piece letter '{letter}' must be an upper-case letter")));
        }
        if pieces.iter().any(|p| p.letter == letter) {
            return Err(fail("pieces", format!("piece letter '{letter}' is defined twice")));
        }
        let steps = betza::parse(movement).map_err(|e| fail("pieces", e))?;
        pieces.push(PieceType { letter, betza: movement.to_string(), steps });
    }
    if pieces.is_empty() || pieces.len() > MAX_ROLES {
        return Err(fail("pieces", format!("a variant has 1 to {MAX_ROLES} piece types, not {}", pieces.len())));
    }
    let role = |key: &str| -> Result<Option<Role>, IniError> {
        let Some((e, _)) = get(key) else {
            return Ok(None);
        };
        let letter = e.value.chars().next().unwrap_or(' ');
        match pieces.iter().position(|p| p.letter == letter) {
            Some(r) if e.value.len() == 1 => Ok(Some(r as Role)),
            _ => Err(fail(key, format!("'{}' is not one of the pieces", e.value))),
        }
    };
    let pawn = role("pawn")?;
    let king = role("king")?;
    // `castling = chess960`: castling as Chess960 has it (the king to the c or g file, the rook
    // beside it), whatever the king's and rook's files; Looking-Glass always castles so.
    let chess960 = get("castling").is_some_and(|(e, _)| e.value.eq_ignore_ascii_case("chess960"));
    let castling = chess960
        || boolean("castling", false).map_err(|e| IniError { reason: format!("{}, or chess960", e.reason), ..e })?;
    let rook = match role("rook")? {
        Some(r) => Some(r),
        None => pieces.iter().position(|p| p.letter == 'R').map(|r| r as Role),
    };
    if castling && (king.is_none() || rook.is_none()) {
        return Err(fail("castling", "castling needs a 'king' and a 'rook' piece".into()));
    }
    let mut promotion = Vec::new();
    if let Some((e, _)) = get("promotion").filter(|(e, _)| e.value != "none") {
        for letter in e.value.split_whitespace().flat_map(|w| w.chars()) {
            let r = pieces.iter().position(|p| p.letter == letter.to_ascii_uppercase());
            promotion.push(r.ok_or_else(|| fail("promotion", format!("'{letter}' is not one of the pieces")))? as Role);
        }
    }
    if pawn.is_some() && get("promotion").is_none() {
        return Err(section.error(format!(
            "[{}] has a pawn but no 'promotion' pieces (write 'promotion = none' for none)",
            section.name
        )));
    }

    let (family_entry, _) = required("family")?;
    let family_only = |key: &str, family: &str| -> Result<(), IniError> {
        match get(key) {
            Some(_) => Err(fail(key, format!("only the alice family has this key, not {family}"))),
            None => Ok(()),
        }
    };
    let mut family = match family_entry.value.as_str() {
        "fide" => {
            family_only("transfer", "fide")?;
            family_only("zero_moves", "fide")?;
            Family::Fide(Fide)
        }
        "alice" => {
            if layers < 2 {
                return Err(fail("family", "the alice family needs 2 or more layers".into()));
            }
            let transfer = match get("transfer").map(|(e, _)| e.value.as_str()) {
                None | Some("required") => Transfer::Required,
                Some("stay") => Transfer::StayWhenBlocked,
                Some("optional") => Transfer::Optional,
                Some(o) => return Err(fail("transfer", format!("expected required, stay or optional, got '{o}'"))),
            };
            let zero_moves = match get("zero_moves").map(|(e, _)| e.value.as_str()) {
                None | Some("none") => ZeroMoves::None,
                Some("quiet") => ZeroMoves::Quiet,
                Some("capture") => ZeroMoves::Capturing,
                Some(o) => return Err(fail("zero_moves", format!("expected none, quiet or capture, got '{o}'"))),
            };
            Family::Alice(Alice { transfer, zero_moves, layers })
        }
        "lma" => {
            family_only("transfer", "lma")?;
            family_only("zero_moves", "lma")?;
            if layers != 2 {
                return Err(fail("family", "the lma family needs exactly 2 layers".into()));
            }
            Family::Lma(Lma::new(&geometry))
        }
        "monochrome" => Family::Monochrome(Monochrome { owner_zone: ByColor::default(), capture_values: Vec::new() }),
        "insideout" => Family::InsideOut(InsideOut),
        "lookingglass" => {
            if layers != 2 {
                return Err(fail("family", "the lookingglass family needs exactly 2 layers".into()));
            }
            Family::LookingGlass(LookingGlass)
        }
        other => {
            let known = "fide, alice, lma, monochrome, insideout, lookingglass";
            return Err(fail("family", format!("unknown family '{other}' (known: {known})")));
        }
    };
    if !matches!(family, Family::Fide(_) | Family::Alice(_) | Family::Lma(_)) {
        family_only("transfer", &family_entry.value)?;
        family_only("zero_moves", &family_entry.value)?;
    }
    if let Some((e, from)) = get("capture_values") {
        let Family::Monochrome(monochrome) = &mut family else {
            return Err(fail(
                "capture_values",
                format!("only the monochrome family scores captures, not {}", family_entry.value),
            ));
        };
        let capture_values = &mut monochrome.capture_values;
        *capture_values = vec![0; pieces.len()];
        let inherited = from.name != section.name;
        for (role, points) in
            per_letter::<u32>(&e.value, &pieces, "POINTS like Q:8", inherited).map_err(|m| fail("capture_values", m))?
        {
            capture_values[role] = points;
        }
    }
    let mut eval = EvalData { values: vec![None; pieces.len()], ..EvalData::default() };
    if let Some((e, from)) = get("values") {
        let inherited = from.name != section.name;
        for (role, value) in
            per_letter::<i32>(&e.value, &pieces, "CENTIPAWNS like N:300", inherited).map_err(|m| fail("values", m))?
        {
            eval.values[role] = Some(value);
        }
    }
    if let Some((e, _)) = get("eval") {
        for item in e.value.split_whitespace() {
            let Some((name, value)) = item.split_once(':').and_then(|(n, v)| Some((n, v.parse::<i32>().ok()?))) else {
                return Err(fail("eval", format!("expected TERM:CENTIPAWNS like mobility:4, got '{item}'")));
            };
            eval.terms.set(name, value).map_err(|m| fail("eval", m))?;
        }
    }
    let halves = geometry.ranks / 2;
    let lower: Bitboard = (0..halves).fold(Bitboard::EMPTY, |b, r| b | geometry.rank_mask(r));
    if let Family::Monochrome(monochrome) = &mut family {
        monochrome.owner_zone = ByColor([lower, !lower & geometry.cells[0]]);
    }
    let looking_glass = matches!(family, Family::LookingGlass(_));
    let castling_style = if looking_glass || chess960 { CastlingStyle::Chess960 } else { CastlingStyle::TwoSteps };

    let tables = Tables::new(&geometry, &pieces);
    let double_step = boolean("double_step", pawn.is_some())?;
    let last = geometry.ranks - 1;
    let double_step_zone = if double_step && geometry.ranks >= 4 {
        ByColor([geometry.rank_mask(1), geometry.rank_mask(last - 1)])
    } else {
        ByColor::default()
    };
    let promotion_zone = if promotion.is_empty() {
        ByColor::default()
    } else {
        ByColor([geometry.rank_mask(last), geometry.rank_mask(0)])
    };
    let (start, _) = required("start")?;
    let mut variant = Variant {
        name: section.name.clone(),
        geometry,
        pieces,
        pawn,
        king,
        rook,
        promotion,
        castling,
        double_step,
        double_step_zone,
        promotion_zone,
        en_passant: boolean("en_passant", false)?,
        castling_style,
        start_fen: start.value.clone(),
        eval,
        family,
        tables,
        zobrist: Zobrist::new(),
        psq: PieceSquare::default(),
        narrow: None,
    };
    variant.psq = crate::eval::psq::piece_square(&variant);
    variant.narrow = variant.narrowed().map(Arc::new);
    let variant = Arc::new(variant);
    Position::from_fen(variant.clone(), &variant.start_fen).map_err(|e| fail("start", e.to_string()))?;
    Ok(variant)
}
