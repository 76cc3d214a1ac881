//! `vorpal datagen`, `tune` and `train-network`: self-play data, and the evaluation fitted to it.

use super::{bad, Failure};
use crate::config::Config;
use crate::tune::datagen::{datagen, Datagen, Written};
use crate::tune::network_training::{train_network, Progress, TrainNetwork};
use crate::tune::texel::{tune, Tune};

/// `vorpal datagen`: checks the settings, plays, and reports as it goes.
pub(super) fn datagen_command(config: &Config, settings: Datagen) -> Result<(), Failure> {
    if settings.nodes == 0 || settings.opening_margin < 0 {
        return Err(bad("--nodes at least 1; --opening-margin at least 0"));
    }
    let start = std::time::Instant::now();
    let report = |w: &Written| {
        let [white, draws, black] = w.results;
        let rate = w.positions as f64 / start.elapsed().as_secs_f64().max(1e-3);
        format!(
            "{} games (+{white} ={draws} -{black} for White), {} positions ({rate:.0} a second), {} openings set aside{}",
            w.games,
            w.positions,
            w.unbalanced,
            if w.resumed > 0 { format!(", {} games from before", w.resumed) } else { String::new() }
        )
    };
    let written = datagen(config, &settings, |w| eprintln!("{}", report(w))).map_err(bad)?;
    crate::outln!("{} written to {}", report(&written), settings.out.display());
    Ok(())
}

/// `vorpal tune`: fits the numbers and prints engine.ini's lines.
pub(super) fn tune_command(config: &Config, settings: Tune) -> Result<(), Failure> {
    let tuned = tune(config, &settings, |step| eprintln!("{step}")).map_err(bad)?;
    crate::outln!(
        "{} positions, scale {:.3}: error {:.6} before, {:.6} after",
        tuned.positions,
        tuned.scale,
        tuned.error.0,
        tuned.error.1
    );
    for line in tuned.lines {
        crate::outln!("{line}");
    }
    Ok(())
}

/// `vorpal train-network`: fits the network and writes its file.
pub(super) fn train_command(config: &Config, settings: TrainNetwork) -> Result<(), Failure> {
    let progress = |p: &Progress| match p.test {
        Some(test) => {
            eprintln!("epoch {}: error {:.6}, held out {:.6}, test {test:.6}", p.epoch, p.fitted, p.held_out)
        }
        None => eprintln!("epoch {}: error {:.6}, held out {:.6}", p.epoch, p.fitted, p.held_out),
    };
    let trained = train_network(config, &settings, progress).map_err(bad)?;
    crate::outln!(
        "{} positions ({} held out): error held out {:.6} after the first epoch, {:.6} after the last; written to {}",
        trained.positions,
        trained.validation,
        trained.error.0,
        trained.error.1,
        settings.out.display()
    );
    if let Some((positions, before, after)) = trained.test {
        crate::outln!(
            "{positions} test positions: error {before:.6} before the first epoch, {after:.6} after the last"
        );
    }
    Ok(())
}
