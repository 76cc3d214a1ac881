//! Resolving engine.ini sections (with `[child:parent]` inheritance) into loaded variants.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use once_cell::sync::Lazy;

use super::ini::{self, Entry, IniError, Section, COMMAND_LINE};
use crate::eval::network::{Network, MAX_NETWORK_BYTES};
use crate::eval::weights::SquareBonus;
use crate::eval::{Eval, EvalData, Evaluation};
use crate::geometry::{Bitboard, Geometry, Wide};
use crate::input::{read_file_bytes, read_text};
use crate::pieces::attacks::Tables;
use crate::pieces::{betza, ByColor, PieceType, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::{Alice, Family, Fide, InsideOut, Lma, LookingGlass, Monochrome, Transfer, ZeroMoves};
use crate::variant::zobrist::Zobrist;
use crate::variant::{CastlingStyle, Rulebook, Variant};

/// The largest engine.ini read: far more than any variant file needs.
const MAX_INI_BYTES: u64 = 4 << 20;

/// The longest chain of `[child:parent]` sections above one: enough for any family tree of
/// variants, and a bound on the work of resolving a file of thousands of sections.
const MAX_ANCESTORS: usize = 32;

/// The engine.ini compiled into the binary.
pub const BUILTIN: &str = include_str!("../../engine.ini");

/// The name the built-in engine.ini goes by in messages.
const BUILT_IN_FILE: &str = "engine.ini (built in)";

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
    "squares",
    "network",
    "network_grain",
    "description",
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
        let sections = ini::parse(BUILT_IN_FILE, BUILTIN).unwrap_or_default();
        Config { sections }
    }

    /// The built-in variants plus those of `path` (which replace built-in ones of the same name);
    /// every variant is built once so that any error is reported now, with its file and line.
    pub fn load(path: Option<&Path>) -> Result<Config, IniError> {
        match path {
            None => Config::with_text(BUILT_IN_FILE, ""),
            Some(path) => {
                let name = path.display().to_string();
                let text = read_text(path, MAX_INI_BYTES).map_err(|e| IniError {
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
        let mut config = Config { sections: ini::parse(BUILT_IN_FILE, BUILTIN)? };
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
        Ok(self.loaded(name, options)?.variant)
    }

    /// Builds a variant and its evaluation, with engine options applied.
    pub fn loaded(&self, name: &str, options: &[(String, String)]) -> Result<Loaded, IniError> {
        self.loaded_adjusted(name, options, &[])
    }

    /// Builds a variant and its evaluation as [`Config::loaded`] does, with words appended to some
    /// of its keys: `("eval", "mobility:0")` or `("values", "N:330")` replace that term's weight
    /// or that piece's value (what the `eval` command takes each term's share with, and what the
    /// tuner tries).
    pub fn loaded_adjusted(
        &self,
        name: &str,
        options: &[(String, String)],
        additions: &[(&str, String)],
    ) -> Result<Loaded, IniError> {
        let Some(section) = self.section(name) else {
            return Err(IniError {
                file: COMMAND_LINE.into(),
                line: 0,
                reason: format!("unknown variant '{name}' (known: {})", self.names().join(", ")),
            });
        };
        let (ancestors, mut keys) = self.resolve(section)?;
        for (option, value) in options {
            let Some((_, key)) = OPTIONS.iter().find(|(o, _)| o.eq_ignore_ascii_case(option)) else {
                let known: Vec<&str> = OPTIONS.iter().map(|o| o.0).collect();
                return Err(IniError {
                    file: COMMAND_LINE.into(),
                    line: 0,
                    reason: format!("unknown option '{option}' (known: {})", known.join(", ")),
                });
            };
            keys.insert(
                key.to_string(),
                (Entry { key: key.to_string(), value: value.clone(), line: 0 }, section.clone()),
            );
        }
        for (key, words) in additions {
            // A term or piece named again later in its key replaces the earlier number; the
            // network, one file, and its grain, one number, are replaced whole.
            let before = keys.get(*key).map_or(String::new(), |(e, _)| e.value.clone());
            let whole = matches!(*key, "network" | "network_grain");
            let value = if whole { words.clone() } else { format!("{before} {words}") };
            keys.insert(key.to_string(), (Entry { key: key.to_string(), value, line: 0 }, section.clone()));
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
            if chain.len() > MAX_ANCESTORS {
                let reason = format!("[{}] has more than {MAX_ANCESTORS} ancestors; inherit from fewer", section.name);
                return Err(section.error(reason));
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
    let file = if entry.line == 0 { COMMAND_LINE.to_string() } else { section.file.clone() };
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

/// The merged keys of one section, with the errors that point at where each was written.
struct Keys<'a> {
    section: &'a Section,
    /// The sections the keys were looked for in, besides the section's own.
    ancestors: &'a [&'a Section],
    keys: &'a BTreeMap<String, (Entry, Section)>,
}

impl Keys<'_> {
    fn get(&self, key: &str) -> Option<&(Entry, Section)> {
        self.keys.get(key)
    }

    /// The key's value and whether it was inherited.
    fn value(&self, key: &str) -> Option<(&str, bool)> {
        self.get(key).map(|(e, from)| (e.value.as_str(), from.name != self.section.name))
    }

    /// A key that must be set. One missing only because a --config file replaced an ancestor
    /// (its `[normal]`, say) is the user's to add there: every section it was looked for in is named.
    fn required(&self, key: &str) -> Result<&Entry, IniError> {
        self.get(key).map(|(e, _)| e).ok_or_else(|| {
            let mut reason = format!("[{}] needs the key '{key}'", self.section.name);
            if !self.ancestors.is_empty() {
                let searched: Vec<String> =
                    self.ancestors.iter().map(|s| format!("[{}] ({}:{})", s.name, s.file, s.line)).collect();
                reason += &format!(", which none of the sections it inherits from sets: {}", searched.join(", "));
            }
            self.section.error(reason)
        })
    }

    /// An error in `key`. A value inherited from a parent can be wrong for the child only (its
    /// size, its holes): the error points at the child and names where the value was written.
    fn fail(&self, key: &str, reason: String) -> IniError {
        let (e, s) = &self.keys[key];
        if s.name == self.section.name || e.line == 0 {
            at(s, e, format!("key '{key}': {reason}"))
        } else {
            let from = format!("[{}] ({}:{})", s.name, s.file, e.line);
            self.section.error(format!("[{}]: key '{key}' inherited from {from}: {reason}", self.section.name))
        }
    }

    fn boolean(&self, key: &str, default: bool) -> Result<bool, IniError> {
        match self.get(key).map(|(e, _)| e.value.to_ascii_lowercase()) {
            None => Ok(default),
            Some(v) if ["true", "yes", "on", "1"].contains(&v.as_str()) => Ok(true),
            Some(v) if ["false", "no", "off", "0"].contains(&v.as_str()) => Ok(false),
            Some(v) => Err(self.fail(key, format!("expected true or false, got '{v}'"))),
        }
    }

    /// The role of the piece whose letter `key` names, if the key is set.
    fn role(&self, key: &str, pieces: &[PieceType]) -> Result<Option<Role>, IniError> {
        let Some((e, _)) = self.get(key) else {
            return Ok(None);
        };
        let letter = e.value.chars().next().unwrap_or(' ');
        match pieces.iter().position(|p| p.letter == letter) {
            Some(r) if e.value.len() == 1 => Ok(Some(Role::new(r as u8))),
            _ => Err(self.fail(key, format!("'{}' is not one of the pieces", e.value))),
        }
    }

    /// An error unless `key`, a key of the alice family only, is absent.
    fn alice_only(&self, key: &str, family: &str) -> Result<(), IniError> {
        match self.get(key) {
            Some(_) => Err(self.fail(key, format!("only the alice family has this key, not {family}"))),
            None => Ok(()),
        }
    }
}

/// `size`, `layers` and `holes`.
fn geometry(keys: &Keys) -> Result<Geometry, IniError> {
    let size = keys.required("size")?;
    let (files, ranks) = size
        .value
        .split_once('x')
        .and_then(|(w, h)| Some((w.trim().parse::<u8>().ok()?, h.trim().parse::<u8>().ok()?)))
        .ok_or_else(|| keys.fail("size", format!("expected FILESxRANKS like 8x8, got '{}'", size.value)))?;
    let layers = match keys.value("layers") {
        None => 1,
        Some((v, _)) => v.parse::<u8>().map_err(|_| keys.fail("layers", format!("expected a number, got '{v}'")))?,
    };
    let mut geometry = Geometry::new(files, ranks, layers).map_err(|e| keys.fail("size", e))?;
    if let Some((holes, _)) = keys.value("holes") {
        for name in holes.split_whitespace() {
            let sq = geometry
                .parse_square(name)
                .ok_or_else(|| keys.fail("holes", format!("'{name}' is not a square of this board")))?;
            geometry.remove(sq);
        }
    }
    Ok(geometry)
}

/// `pieces`: `LETTER:BETZA …`.
fn pieces(keys: &Keys) -> Result<Vec<PieceType>, IniError> {
    let entry = keys.required("pieces")?;
    let mut pieces: Vec<PieceType> = Vec::new();
    for item in entry.value.split_whitespace() {
        let (letter, movement) = item
            .split_once(':')
            .ok_or_else(|| keys.fail("pieces", format!("expected LETTER:BETZA like N:N, got '{item}'")))?;
        let mut chars = letter.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(keys.fail("pieces", format!("'{letter}' must be a single letter")));
        };
        if !letter.is_ascii_uppercase() {
            return Err(keys.fail("pieces", format!("piece letter '{letter}' must be an upper-case letter")));
        }
        if pieces.iter().any(|p| p.letter == letter) {
            return Err(keys.fail("pieces", format!("piece letter '{letter}' is defined twice")));
        }
        let steps = betza::parse(movement).map_err(|e| keys.fail("pieces", e))?;
        pieces.push(PieceType { letter, betza: movement.to_string(), steps });
    }
    if pieces.is_empty() || pieces.len() > MAX_ROLES {
        return Err(keys.fail("pieces", format!("a variant has 1 to {MAX_ROLES} piece types, not {}", pieces.len())));
    }
    Ok(pieces)
}

/// `promotion`: the letters a pawn promotes to, or `none`; required with a pawn.
fn promotion(keys: &Keys, pieces: &[PieceType], pawn: Option<Role>) -> Result<Vec<Role>, IniError> {
    if pawn.is_some() && keys.get("promotion").is_none() {
        return Err(keys.section.error(format!(
            "[{}] has a pawn but no 'promotion' pieces (write 'promotion = none' for none)",
            keys.section.name
        )));
    }
    let mut promotion = Vec::new();
    if let Some((letters, _)) = keys.value("promotion").filter(|(v, _)| *v != "none") {
        for letter in letters.split_whitespace().flat_map(|w| w.chars()) {
            let r = pieces.iter().position(|p| p.letter == letter.to_ascii_uppercase());
            let r = r.ok_or_else(|| keys.fail("promotion", format!("'{letter}' is not one of the pieces")))?;
            promotion.push(Role::new(r as u8));
        }
    }
    Ok(promotion)
}

/// `family` with its options (`transfer`, `zero_moves`, `capture_values`).
fn family(keys: &Keys, geometry: &Geometry, pieces: &[PieceType]) -> Result<Family, IniError> {
    let name = keys.required("family")?.value.as_str();
    let layers = geometry.layers;
    let needs_layers = |ok: bool, what: &str| match ok {
        true => Ok(()),
        false => Err(keys.fail("family", format!("the {name} family needs {what} layers"))),
    };
    let mut family = match name {
        "fide" => Family::Fide(Fide),
        "alice" => {
            needs_layers(layers >= 2, "2 or more")?;
            let transfer = match keys.value("transfer").map(|(v, _)| v) {
                None | Some("required") => Transfer::Required,
                Some("stay") => Transfer::StayWhenBlocked,
                Some("optional") => Transfer::Optional,
                Some(o) => return Err(keys.fail("transfer", format!("expected required, stay or optional, got '{o}'"))),
            };
            let zero_moves = match keys.value("zero_moves").map(|(v, _)| v) {
                None | Some("none") => ZeroMoves::None,
                Some("quiet") => ZeroMoves::Quiet,
                Some("capture") => ZeroMoves::Capturing,
                Some(o) => return Err(keys.fail("zero_moves", format!("expected none, quiet or capture, got '{o}'"))),
            };
            Family::Alice(Alice { transfer, zero_moves, layers })
        }
        "lma" => {
            needs_layers(layers == 2, "exactly 2")?;
            Family::Lma(Lma::new(geometry))
        }
        "monochrome" => {
            let lower: Bitboard = (0..geometry.ranks / 2).fold(Bitboard::EMPTY, |b, r| b | geometry.rank_mask(r));
            let owner_zone = ByColor([lower, !lower & geometry.cells[0]]);
            Family::Monochrome(Monochrome { owner_zone, capture_values: vec![0; pieces.len()] })
        }
        "insideout" => Family::InsideOut(InsideOut),
        "lookingglass" => {
            needs_layers(layers == 2, "exactly 2")?;
            Family::LookingGlass(LookingGlass)
        }
        other => {
            let known = "fide, alice, lma, monochrome, insideout, lookingglass";
            return Err(keys.fail("family", format!("unknown family '{other}' (known: {known})")));
        }
    };
    if name != "alice" {
        keys.alice_only("transfer", name)?;
        keys.alice_only("zero_moves", name)?;
    }
    if let Some((text, inherited)) = keys.value("capture_values") {
        let Family::Monochrome(monochrome) = &mut family else {
            return Err(keys.fail("capture_values", format!("only the monochrome family scores captures, not {name}")));
        };
        let points = per_letter::<u32>(text, pieces, "POINTS like Q:8", inherited);
        for (role, points) in points.map_err(|m| keys.fail("capture_values", m))? {
            monochrome.capture_values[role] = points;
        }
    }
    Ok(family)
}

/// `values` (material per piece), `eval` (term weights) and `squares` (bonuses by rank and file).
fn eval_data(keys: &Keys, pieces: &[PieceType], geometry: &Geometry) -> Result<EvalData, IniError> {
    let mut eval = EvalData {
        values: vec![None; pieces.len()],
        squares: vec![SquareBonus::default(); pieces.len()],
        ..EvalData::default()
    };
    if let Some((text, inherited)) = keys.value("values") {
        let values = per_letter::<i32>(text, pieces, "CENTIPAWNS like N:300", inherited);
        for (role, value) in values.map_err(|m| keys.fail("values", m))? {
            eval.values[role] = Some(value);
        }
    }
    if let Some((text, _)) = keys.value("eval") {
        for item in text.split_whitespace() {
            let Some((name, value)) = item.split_once(':').and_then(|(n, v)| Some((n, v.parse::<i32>().ok()?))) else {
                return Err(keys.fail("eval", format!("expected TERM:CENTIPAWNS like mobility:4, got '{item}'")));
            };
            eval.terms.set(name, value).map_err(|m| keys.fail("eval", m))?;
        }
    }
    if let Some((text, inherited)) = keys.value("squares") {
        let counts = (geometry.ranks as usize, geometry.files as usize);
        square_bonuses(text, pieces, inherited, counts, &mut eval.squares).map_err(|m| keys.fail("squares", m))?;
    }
    Ok(eval)
}

/// Reads `squares`' items into `into` (per role): `LETTER.rank:OPENING/ENDGAME,…` (one pair per
/// rank from its owner's side), `LETTER.file:…` (one per file), `LETTER.cell:…` (one per cell,
/// rank by rank from its owner's side) or `LETTER.moves:…` (one per count of cells it can move to,
/// from 0, as many as wanted); a later item replaces an earlier.
fn square_bonuses(
    text: &str,
    pieces: &[PieceType],
    inherited: bool,
    (ranks, files): (usize, usize),
    into: &mut [SquareBonus],
) -> Result<(), String> {
    for item in text.split_whitespace() {
        let bad = || {
            format!(
                "expected LETTER.rank:OPENING/ENDGAME,…, LETTER.file:…, LETTER.cell:… or LETTER.moves:… like N.file:-20/-10,…, got '{item}'"
            )
        };
        let (head, list) = item.split_once(':').ok_or_else(bad)?;
        let (letter, axis) = head.split_once('.').ok_or_else(bad)?;
        let mut letters = letter.chars();
        let (Some(letter), None) = (letters.next(), letters.next()) else {
            return Err(bad());
        };
        let count = match axis {
            "rank" => Some(ranks),
            "file" => Some(files),
            "cell" => Some(ranks * files),
            "moves" => None,
            _ => return Err(bad()),
        };
        let pair = |p: &str| {
            let (opening, endgame) = p.split_once('/')?;
            Some([opening.parse().ok()?, endgame.parse().ok()?])
        };
        let pairs: Vec<[i32; 2]> = list.split(',').map(pair).collect::<Option<_>>().ok_or_else(bad)?;
        if let Some(count) = count.filter(|&c| c != pairs.len()) {
            // A parent's tables fit the parent's board: a child of another size goes without them.
            if inherited {
                continue;
            }
            return Err(format!("'{head}' needs {count} OPENING/ENDGAME pairs, one per {axis}, got {}", pairs.len()));
        }
        match pieces.iter().position(|p| p.letter == letter) {
            Some(role) if axis == "rank" => into[role].ranks = pairs,
            Some(role) if axis == "file" => into[role].files = pairs,
            Some(role) if axis == "cell" => into[role].cells = pairs,
            Some(role) => into[role].moves = pairs,
            None if inherited => {}
            None => return Err(format!("'{letter}' is not one of the pieces")),
        }
    }
    Ok(())
}

/// A network file read, or why it could not be.
type Parsed = Result<Arc<Network>, String>;

/// The networks built into the program, by the name the built-in engine.ini gives them, each
/// parsed once: a GUI builds the variant anew for every game.
static BUILT_IN_NETWORKS: Lazy<Vec<(&str, Parsed)>> = Lazy::new(|| {
    [
        ("normal.vnn", &include_bytes!("../eval/normal.vnn")[..]),
        ("alice.vnn", &include_bytes!("../eval/alice.vnn")[..]),
        ("alice3.vnn", &include_bytes!("../eval/alice3.vnn")[..]),
        ("insideout.vnn", &include_bytes!("../eval/insideout.vnn")[..]),
        ("lma.vnn", &include_bytes!("../eval/lma.vnn")[..]),
        ("lmadouble.vnn", &include_bytes!("../eval/lmadouble.vnn")[..]),
        ("lookingglass.vnn", &include_bytes!("../eval/lookingglass.vnn")[..]),
        ("monochrome.vnn", &include_bytes!("../eval/monochrome.vnn")[..]),
    ]
    .into_iter()
    .map(|(name, bytes)| (name, Network::from_bytes(bytes).map(Arc::new)))
    .collect()
});

/// The network of `network = FILE`: for the built-in engine.ini one built into the program, for
/// another a file named from the directory of the engine.ini that sets the key; `none` for none.
fn network(keys: &Keys) -> Result<Option<Arc<Network>>, IniError> {
    let Some((entry, from)) = keys.get("network") else { return Ok(None) };
    let name = entry.value.trim();
    if name.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let parsed = if from.file == BUILT_IN_FILE {
        let found = BUILT_IN_NETWORKS.iter().find(|(built_in, _)| *built_in == name);
        let (_, parsed) = found.ok_or_else(|| keys.fail("network", format!("no network '{name}' is built in")))?;
        parsed.clone()
    } else {
        let path = Path::new(&from.file).parent().unwrap_or(Path::new("")).join(name);
        let bytes = read_file_bytes(&path, MAX_NETWORK_BYTES, "network").map_err(|e| keys.fail("network", e))?;
        Network::from_bytes(&bytes).map(Arc::new)
    };
    parsed.map(Some).map_err(|e| keys.fail("network", e))
}

/// The largest `network_grain`: a grain of ten pawns would leave a network nothing to say.
const MAX_NETWORK_GRAIN: i32 = 1000;

/// `network_grain = CENTIPAWNS`: the step the network's score is rounded to, 1 (the default) for
/// none.
fn network_grain(keys: &Keys) -> Result<i32, IniError> {
    let Some((text, _)) = keys.value("network_grain") else { return Ok(1) };
    match text.trim().parse::<i32>() {
        Ok(grain) if (1..=MAX_NETWORK_GRAIN).contains(&grain) => Ok(grain),
        _ => Err(keys.fail(
            "network_grain",
            format!("expected a whole number of centipawns from 1 to {MAX_NETWORK_GRAIN}, got '{}'", text.trim()),
        )),
    }
}

/// A variant and what the evaluation knows of it, built together from one engine.ini section.
#[derive(Clone)]
pub struct Loaded {
    /// The variant's rules.
    pub variant: Arc<Variant>,
    /// Its evaluation's numbers, table and network.
    pub evaluation: Arc<Evaluation>,
}

impl Loaded {
    /// The evaluation of the variant, ready to evaluate its positions.
    pub fn eval(&self) -> Eval<Wide> {
        Eval::new(&self.variant, &self.evaluation)
    }
}

/// Builds a variant and its evaluation from its merged keys; `ancestors` are the sections they
/// were looked for in.
fn build(
    section: &Section,
    ancestors: &[&Section],
    keys: &BTreeMap<String, (Entry, Section)>,
) -> Result<Loaded, IniError> {
    let keys = Keys { section, ancestors, keys };
    let geometry = geometry(&keys)?;
    let pieces = pieces(&keys)?;
    let pawn = keys.role("pawn", &pieces)?;
    let king = keys.role("king", &pieces)?;
    // `castling = chess960`: castling as Chess960 has it (the king to the c or g file, the rook
    // beside it), whatever the king's and rook's files; Looking-Glass always castles so.
    let chess960 = keys.value("castling").is_some_and(|(v, _)| v.eq_ignore_ascii_case("chess960"));
    let castling = chess960
        || keys
            .boolean("castling", false)
            .map_err(|e| IniError { reason: format!("{}, or chess960", e.reason), ..e })?;
    let rook = match keys.role("rook", &pieces)? {
        Some(r) => Some(r),
        None => pieces.iter().position(|p| p.letter == 'R').map(|r| Role::new(r as u8)),
    };
    if castling && (king.is_none() || rook.is_none()) {
        return Err(keys.fail("castling", "castling needs a 'king' and a 'rook' piece".into()));
    }
    let promotion = promotion(&keys, &pieces, pawn)?;
    let family = family(&keys, &geometry, &pieces)?;
    let eval = eval_data(&keys, &pieces, &geometry)?;
    let looking_glass = matches!(family, Family::LookingGlass(_));
    let castling_style = if looking_glass || chess960 { CastlingStyle::Chess960 } else { CastlingStyle::TwoSteps };

    let tables = Tables::new(&geometry, &pieces);
    let double_step = keys.boolean("double_step", pawn.is_some())?;
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
    let start = keys.required("start")?;
    let rulebook = Rulebook {
        name: section.name.clone(),
        pieces,
        pawn,
        king,
        rook,
        promotion,
        castling,
        double_step,
        en_passant: keys.boolean("en_passant", false)?,
        castling_style,
        start_fen: start.value.clone(),
        description: keys.value("description").map_or(String::new(), |(text, _)| text.trim().to_string()),
        zobrist: Zobrist::new(),
    };
    let variant = Variant::new(rulebook, geometry, [double_step_zone, promotion_zone], family, tables);
    let mut network = network(&keys)?;
    if let Some(misfit) = network.as_ref().filter(|net| !net.fits(&variant)).map(|net| net.misfit()) {
        // A parent's network fits the parent: a child of other pieces or boards goes without it.
        if keys.value("network").is_some_and(|(_, inherited)| inherited) {
            network = None;
        } else {
            return Err(keys.fail("network", misfit));
        }
    }
    let grain = network_grain(&keys)?;
    let evaluation = Evaluation::new(&variant, eval, network, grain).map_err(|e| keys.fail("network", e))?;
    let variant = Arc::new(variant);
    Position::from_fen(variant.clone(), &variant.start_fen).map_err(|e| keys.fail("start", e.to_string()))?;
    Ok(Loaded { variant, evaluation: Arc::new(evaluation) })
}
