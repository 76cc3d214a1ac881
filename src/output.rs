//! Standard output for commands, protocols and matches. A reader that has gone away (`vorpal
//! variants | head`, a GUI that closed its end) ends the process quietly, as it ends `cat`:
//! nobody is left to read what would follow. Rust's `println!` would panic there instead.

use std::fmt::Arguments;
use std::io::Write;

/// Prints a line to standard output, like `println!`; see [`write_stdout`].
#[macro_export]
macro_rules! outln {
    () => { $crate::output::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// Prints to standard output without a line end, like `print!`; see [`write_stdout`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write_stdout(format_args!($($arg)*)) };
}

/// Writes to standard output; ends the process with status 0 if nobody reads it any more.
pub fn write_stdout(args: Arguments) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error writing to standard output: {e}");
        std::process::exit(1);
    }
}
