//! The grader or the sweep fuzz target's body (`grading::fuzz::grade_candidates`,
//! `sweep_candidates`) on stable Rust at length: seeded random inputs of the fuzzer's shape
//! (2–128 bytes), one after another in one process, printing every `EVERY` inputs how many ran,
//! what they gave and the process's resident memory, so that memory carried over from input to
//! input shows, and every input that took over half a second of wall time.
//!
//! Usage: `cargo run --release --example fuzz_grader_long -- grader|sweep COUNT [SEED] [EVERY]`
//!
//! `… -- replay DIR…` runs the grader target's body once over every file of each DIR (a
//! libFuzzer corpus, which holds the inputs coverage found and so is unlike the random ones)
//! and prints how long they took: in all, the slowest ten, and by size.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use sudoku_grader::grading::fuzz::{grade_candidates, sweep_candidates, Graded, Ladders};

/// The system allocator, counting the bytes live now and the most live since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to `System` unchanged; only counters are kept beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let live = LIVE.fetch_add(new_size - layout.size(), Relaxed) + new_size - layout.size();
            PEAK.fetch_max(live, Relaxed);
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A small seeded generator (xorshift64*).
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// The process's resident set in MiB (Linux; 0 elsewhere).
fn rss_mib() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096 / (1 << 20))
}

/// The grader target's body over every file of `dirs`, timed.
fn replay(dirs: &[String]) {
    let ladders = Ladders::default();
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in dirs {
        for entry in std::fs::read_dir(dir).expect("a readable directory") {
            files.push(entry.expect("a directory entry").path());
        }
    }
    files.sort();
    let mut times: Vec<(f64, usize, String)> = Vec::with_capacity(files.len());
    let (mut checked, mut not_unique, mut no_grid) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for file in &files {
        // A running fuzzer replaces the files it reduces: one gone since the listing is left.
        let Ok(input) = std::fs::read(file) else {
            continue;
        };
        let input_started = Instant::now();
        match grade_candidates(&input, &ladders) {
            Graded::Checked(_) => checked += 1,
            Graded::NotUnique => not_unique += 1,
            Graded::NoGrid => no_grid += 1,
        }
        let took = input_started.elapsed().as_secs_f64();
        times.push((took, input.len(), file.display().to_string()));
    }
    let total = started.elapsed().as_secs_f64();
    println!(
        "{} inputs: {checked} checked, {not_unique} not unique, {no_grid} no grid; {total:.2} s \
         ({:.0} inputs a second)",
        times.len(),
        times.len() as f64 / total
    );
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (took, len, file) in times.iter().take(10) {
        println!("  {:.1} ms  {len} bytes  {file}", took * 1e3);
    }
    let share = |n: usize| times.iter().take(n).map(|t| t.0).sum::<f64>() / total;
    println!(
        "the slowest 1% take {:.0}% of the time, the slowest 10% {:.0}%",
        100.0 * share(times.len().div_ceil(100)),
        100.0 * share(times.len().div_ceil(10))
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("replay") {
        return replay(&args[2..]);
    }
    let sweep = match args.get(1).map(String::as_str) {
        Some("grader") => false,
        Some("sweep") => true,
        _ => panic!("usage: fuzz_grader_long grader|sweep COUNT [SEED] [EVERY]"),
    };
    let count: u64 = args.get(2).map_or(1000, |n| n.parse().expect("a count"));
    let seed: u64 = args.get(3).map_or(1, |n| n.parse().expect("a seed"));
    let every: u64 = args.get(4).map_or(100, |n| n.parse().expect("a count"));
    assert!(
        every > 0,
        "EVERY is how many inputs between two progress lines: at least 1"
    );
    let ladders = Ladders::default();
    let mut rng = Xorshift(seed.max(1));
    let (mut checked, mut not_unique, mut no_grid, mut steps) = (0u64, 0u64, 0u64, 0u64);
    let started = Instant::now();
    for n in 1..=count {
        let len = 2 + (rng.next() >> 33) as usize % 127;
        let input: Vec<u8> = (0..len).map(|_| (rng.next() >> 24) as u8).collect();
        let before = LIVE.load(Relaxed);
        PEAK.store(before, Relaxed);
        let input_started = Instant::now();
        let graded = if sweep {
            sweep_candidates(&input).map_or(Graded::NoGrid, Graded::Checked)
        } else {
            grade_candidates(&input, &ladders)
        };
        let took = input_started.elapsed();
        if took.as_secs_f64() > 0.5 {
            println!("input {n} ({graded:?}): {took:.2?}: {input:02x?}");
        }
        let (after, peak) = (LIVE.load(Relaxed), PEAK.load(Relaxed));
        if peak - before > 64 << 20 || after > before + (1 << 20) {
            println!(
                "input {n} ({graded:?}): peak +{} MiB, live after {:+} KiB: {input:02x?}",
                (peak - before) >> 20,
                (after as i64 - before as i64) >> 10
            );
        }
        match graded {
            Graded::Checked(s) => {
                checked += 1;
                steps += s as u64;
            }
            Graded::NotUnique => not_unique += 1,
            Graded::NoGrid => no_grid += 1,
        }
        if n % every == 0 || n == count {
            println!(
                "{n} inputs: {checked} checked ({steps} steps), {not_unique} not unique, \
                 {no_grid} no grid; {:.1} s, {} MiB resident, {} MiB live",
                started.elapsed().as_secs_f64(),
                rss_mib(),
                LIVE.load(Relaxed) >> 20
            );
        }
    }
}
