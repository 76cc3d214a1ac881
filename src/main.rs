//! The `vorpal` binary: parses the command line and runs the command.

fn main() {
    std::process::exit(vorpal::cli::run());
}
