//! The protocol loop: `vorpal` without a subcommand reads commands from stdin and speaks the
//! protocol the first command names (`uci`; XBoard comes with its own issue).

pub mod session;
pub mod uci;

use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver};

use crate::config::Config;

/// Reads stdin on its own thread, so commands such as `stop` arrive while a search runs.
fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Runs the protocol loop until `quit` or the end of input; returns the exit status.
pub fn run(config: Config) -> i32 {
    let lines = stdin_lines();
    while let Ok(line) = lines.recv() {
        match line.split_whitespace().next() {
            None => continue,
            Some("uci") => return uci::run(config, &lines),
            Some("quit") => return 0,
            Some(other) => println!("info string error: unknown command '{other}': the first command must be 'uci'"),
        }
    }
    0
}
