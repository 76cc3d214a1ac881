//! Building a match from its settings as the command line gives them: the engines and their
//! settings, the time control, adjudication, openings, the test and the hidden game's rules,
//! every one checked with a message that names what was wrong.

use std::path::PathBuf;
use std::time::Duration;

use super::client::{EngineSpec, Protocol};
use super::game::{Adjudication, GameRules, HiddenRules};
use super::opening::{random_opening, Book, Opening};
use super::stats::Sprt;
use super::{MatchConfig, Tournament};
use crate::config::{parse_options, Config};
use crate::notation::time_control::TimeControl;
use crate::notation::xboard::Display;
use crate::random::Rng;
use crate::rules::chess960;

/// The settings of a match as the command line gives them (`vorpal match`), before they are
/// checked and built into a [`MatchConfig`].
#[derive(clap::Args, Debug)]
pub struct MatchSettings {
    /// An engine (two or more; with two, the first engine's score is reported): its command
    /// line, then any settings as cutechess-cli writes them: name=NAME proto=uci|xboard tc=TC
    /// st=SECONDS depth=N nodes=N notation=vorpal|fairy option.NAME=VALUE ponder sighted (or the command
    /// as cmd=COMMAND; quote a value that has spaces).
    #[arg(long = "engine", value_name = "CMD [SETTING...]", required = true)]
    pub engines: Vec<String>,
    /// Settings for both engines (cutechess-cli's -each), applied before each engine's own.
    #[arg(long = "each", value_name = "SETTING...")]
    pub each: Option<String>,
    /// The protocol of the engine given at the same position: uci (default), xboard, or lgp
    /// (a player of hidden Looking-Glass, for --hidden).
    #[arg(long = "proto", value_name = "uci|xboard|lgp")]
    pub protocols: Vec<String>,
    /// Referee hidden-information Looking-Glass between lgp players: "rule=strikes|opponent-orders
    /// setups=opening|players" (defaults: strikes, and each pair of games gets two setups drawn
    /// from --seed unless --openings gives positions).
    #[arg(long, value_name = "SETTINGS", num_args = 0..=1, default_missing_value = "")]
    pub hidden: Option<String>,
    /// The variant.
    #[arg(long, default_value = "normal")]
    pub variant: String,
    /// A variant option, NAME=VALUE; may be repeated.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Games of each encounter (at most, with --sprt); with two engines, of the match.
    #[arg(long)]
    pub games: usize,
    /// With more than two engines: round-robin (everyone meets everyone) or gauntlet (the first
    /// engine meets each of the others).
    #[arg(long, value_name = "round-robin|gauntlet", default_value = "round-robin")]
    pub tournament: String,
    /// Play the encounters this many times over (cutechess-cli's -rounds): games × rounds each.
    #[arg(long, default_value_t = 1)]
    pub rounds: usize,
    /// Time control: MOVES/SECONDS, SECONDS+INC, SECONDS, or inf (no clock: give each engine
    /// depth=N or nodes=N).
    #[arg(long, value_name = "TC")]
    pub tc: Option<String>,
    /// A fixed time per move, in seconds.
    #[arg(long, value_name = "SECONDS")]
    pub st: Option<f64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings, each played with both colours: an EPD/FEN or PGN file, or cutechess-cli's
    /// settings "file=PATH format=epd|pgn order=sequential|random plies=N start=N".
    #[arg(long, value_name = "FILE|SETTINGS")]
    pub openings: Option<String>,
    /// Start each pair of games with this many random plies.
    #[arg(long, value_name = "N")]
    pub random_plies: Option<usize>,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the games to this PGN file.
    #[arg(long, value_name = "PATH")]
    pub pgn: Option<PathBuf>,
    /// Stop when the test decides: elo0=E0,elo1=E1,alpha=A,beta=B (or separated by spaces, as
    /// cutechess-cli writes it).
    #[arg(long, value_name = "SPEC", num_args = 1..)]
    pub sprt: Vec<String>,
    /// Adjudicate a draw when both engines' scores stay within ±CP for MOVES moves each.
    #[arg(long, value_name = "MOVES,CP")]
    pub draw: Option<String>,
    /// Adjudicate a loss for an engine whose score stays at -CP or below for MOVES moves.
    #[arg(long, value_name = "MOVES,CP")]
    pub resign: Option<String>,
    /// Append every line sent to and read from the engines to this file (cutechess-cli's -debug).
    #[arg(long, value_name = "PATH")]
    pub debug: Option<PathBuf>,
    /// Milliseconds an engine may overrun its clock before it loses on time.
    #[arg(long, default_value_t = 50)]
    pub timemargin: u64,
    /// Show the games live in the browser: serve `vorpal gui`'s page on 127.0.0.1 at this port
    /// (none given: any free one) and print its address.
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "0")]
    pub gui: Option<u16>,
}

impl MatchSettings {
    /// Checks the settings and builds the match: its engines, rules, openings and test. The
    /// live view (`gui`) is the caller's to add.
    pub fn build(&self, config: &Config) -> Result<MatchConfig, String> {
        let args = self;

        if args.engines.len() < 2 {
            return Err(format!("match needs two or more --engine, got {}", args.engines.len()));
        }
        if args.protocols.len() > args.engines.len() {
            return Err("at most one --proto per --engine".into());
        }
        let specs: Vec<EngineSpec> = args
            .engines
            .iter()
            .enumerate()
            .map(|(i, words)| {
                let protocol = Protocol::parse(args.protocols.get(i).map_or("uci", String::as_str))?;
                let mut spec = EngineSpec::new("", protocol);
                spec.apply_settings(args.each.as_deref().unwrap_or("")).map_err(|e| format!("--each: {e}"))?;
                spec.apply(words).map_err(|e| format!("--engine {words}: {e}"))?;
                if spec.command.trim().is_empty() {
                    return Err(format!("--engine {words}: no command (give it first, or as cmd=COMMAND)"));
                }
                Ok(spec)
            })
            .collect::<Result<_, String>>()?;
        let options = parse_options(&args.options)?;
        let variant = config.variant(&args.variant, &options).map_err(|e| e.to_string())?;
        // The match's time control, for each engine without one of its own (tc= or st=).
        let own = specs.iter().find_map(|s| s.tc).filter(|_| specs.iter().all(|s| s.tc.is_some()));
        let tc = match (&args.tc, args.st, own) {
            (Some(tc), None, _) => TimeControl::parse_tc(tc).map_err(|e| format!("--tc: {e}"))?,
            (None, Some(st), _) => TimeControl::per_move(&st.to_string()).map_err(|e| format!("--st: {e}"))?,
            (None, None, Some(own)) => own,
            (Some(_), Some(_), _) => return Err("give --tc TC or --st SECONDS, not both".into()),
            (None, None, None) => {
                return Err("match needs --tc TC or --st SECONDS, or tc= or st= on every --engine".into())
            }
        };
        for spec in &specs {
            spec.check_limits(spec.tc.unwrap_or(tc)).map_err(|e| format!("--engine {e}"))?;
        }
        let pair = |flag: &str, text: &Option<String>| -> Result<Option<(u32, i32)>, String> {
            let Some(text) = text else { return Ok(None) };
            let parsed = text.split_once(',').and_then(|(m, c)| Some((m.trim().parse().ok()?, c.trim().parse().ok()?)));
            parsed.map(Some).ok_or_else(|| format!("--{flag} {text}: expected MOVES,CP"))
        };
        let adjudication = Adjudication { draw: pair("draw", &args.draw)?, resign: pair("resign", &args.resign)? };
        let openings = match (&args.openings, args.random_plies) {
            (Some(_), Some(_)) => return Err("give --openings or --random-plies, not both".into()),
            (Some(book), None) => Book::parse(book).and_then(|b| b.read(&variant, args.seed))?,
            (None, Some(plies)) => {
                let mut rng = Rng::new(args.seed);
                let xboard = specs.iter().any(|s| s.protocol == Protocol::Xboard);
                let display = xboard.then(|| Display::new(&variant)).transpose()?;
                (0..args.games.div_ceil(2).max(1))
                    .map(|_| random_opening(&variant, plies, &mut rng, display.as_ref()))
                    .collect()
            }
            (None, None) => vec![Opening { fen: variant.start_fen.clone(), moves: Vec::new() }],
        };
        if args.games == 0 || args.rounds == 0 || args.concurrency == 0 || args.concurrency > 64 {
            return Err("--games and --rounds must be at least 1, --concurrency 1 to 64".into());
        }
        let sprt = (!args.sprt.is_empty()).then(|| Sprt::parse(&args.sprt.join(" "))).transpose()?;
        if sprt.is_some() && specs.len() > 2 {
            return Err("--sprt tests two engines; this match has more".into());
        }
        let hidden = args.hidden.as_deref().map(HiddenRules::parse).transpose()?;
        let lgp = specs.iter().filter(|s| s.protocol == Protocol::Lgp).count();
        match hidden {
            Some(_) if variant.name != "lookingglass" => {
                return Err(format!("--hidden referees lookingglass, not {}", variant.name))
            }
            Some(_) if lgp < specs.len() => return Err("--hidden needs every engine to speak lgp (--proto lgp)".into()),
            None if lgp > 0 => return Err("an lgp player plays only hidden games: add --hidden".into()),
            _ => {}
        }
        if hidden.is_some() && args.random_plies.is_some() {
            return Err("--random-plies does not apply to hidden games (their openings are setups)".into());
        }
        let openings = match hidden {
            Some(_) if args.openings.is_none() => {
                let mut rng = Rng::new(args.seed);
                (0..args.games.div_ceil(2).max(1))
                    .map(|_| {
                        let (w, b) = (rng.below(960) as u32, rng.below(960) as u32);
                        let fen = chess960::setup_fen(&variant.start_fen, w, b).expect("setups 0 to 959 exist");
                        Opening { fen, moves: Vec::new() }
                    })
                    .collect()
            }
            _ => openings,
        };
        let pairings = Tournament::parse(&args.tournament)?.pairings(specs.len());
        Ok(MatchConfig {
            engines: specs,
            pairings,
            rules: GameRules { variant, tc, margin: Duration::from_millis(args.timemargin), adjudication, hidden },
            games: args.games.saturating_mul(args.rounds),
            concurrency: args.concurrency,
            openings,
            pgn: args.pgn.clone(),
            sprt,
            debug: args.debug.clone(),
            watch: None,
        })
    }
}
