//! `sgrade`: the command-line front end.

use std::process::ExitCode;

use clap::Parser;

mod cli;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    #[cfg(target_os = "linux")]
    no_transparent_huge_pages();
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

/// Turns transparent huge pages off for this process. mimalloc asks the kernel for 2 MiB pages
/// under its arenas (`MADV_HUGEPAGE`), and the grader touches large zeroed tables sparsely (the
/// nice loops' state rows, the ALS and forcing tables): with huge pages the kernel clears, and
/// on a busy machine first gathers, 2 MiB at such a touch instead of 4 KiB. Measured
/// (results/speed.md, 2026-12-05 fourth session), gnpx, 15 interleaved runs of kaggle 1-in-10:
/// system time 0.058 s on average (up to 0.30 s, against 0.30 s of user time) with them, 0.005 s
/// (up to 0.012 s) without, user time unchanged. The runtime's own first allocations come
/// before `main`: mimalloc is built with `no_thp` (Cargo.toml), so that it never asks for huge
/// pages at all; its first arena then cost the kernel two 2 MiB clears at start-up (a run of
/// one puzzle took 3.0 ms of CPU, now 2.3 ms; results/speed.md, 2026-12-07 nineteenth session).
#[cfg(target_os = "linux")]
fn no_transparent_huge_pages() {
    // SAFETY: this prctl takes no pointer and only sets a flag of the calling process. Its
    // result is ignored: a kernel without it (before 3.15) leaves the pages as they were.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}
