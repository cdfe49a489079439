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
            // A write error is reported under the output's name, whatever input was being
            // read when it surfaced.
            let error = cli::output::failure().map_or(error, str::to_string);
            cli::output::write_note(format_args!("sgrade: {error}\n"));
            ExitCode::from(cli::EXIT_USAGE_OR_IO)
        }
    }
}
