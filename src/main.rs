//! `sgrade`: the command-line front end.

use std::process::ExitCode;

use clap::Parser;

mod cli;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("sgrade: {error}");
            ExitCode::from(cli::EXIT_USAGE_OR_IO)
        }
    }
}
