//! SIGINT and SIGTERM during a batch run: the first sets a flag that the stream polls (it
//! flushes the rows finished so far and stops, see `batch::grade_stream`); a second one ends the
//! process at once, in case the puzzles still being graded take long.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use signal_hook::consts::{SIGINT, SIGTERM};

/// The interrupt flag of a run, set by SIGINT or SIGTERM once the handlers are installed.
pub struct Interrupt {
    flag: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

/// The exit status of a process ended by `signal`, as a shell reports it (128 + the number).
fn status_of(signal: i32) -> i32 {
    128 + signal
}

impl Interrupt {
    /// Installs the handlers for SIGINT and SIGTERM (for the rest of the process).
    pub fn install() -> Result<Interrupt, String> {
        let flag = Arc::new(AtomicBool::new(false));
        let signal = Arc::new(AtomicUsize::new(0));
        for number in [SIGINT, SIGTERM] {
            let failed = |e: std::io::Error| format!("cannot handle signal {number}: {e}");
            // The shutdown is registered first: it sees the flag as the previous signal left
            // it, so only a second signal ends the process.
            signal_hook::flag::register_conditional_shutdown(
                number,
                status_of(number),
                Arc::clone(&flag),
            )
            .map_err(failed)?;
            signal_hook::flag::register_usize(number, Arc::clone(&signal), number as usize)
                .map_err(failed)?;
            signal_hook::flag::register(number, Arc::clone(&flag)).map_err(failed)?;
        }
        Ok(Interrupt { flag, signal })
    }

    /// The flag the stream polls.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }

    /// The exit status for the signal that came: 130 for SIGINT, 143 for SIGTERM.
    pub fn exit_status(&self) -> u8 {
        let signal = self.signal.load(Ordering::SeqCst) as i32;
        let signal = if signal == 0 { SIGINT } else { signal };
        status_of(signal) as u8
    }
}
