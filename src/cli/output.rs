//! Where the CLI writes: the named output (stdout or `-o FILE`), stderr notes, and the checks
//! made before anything is opened for writing.
//!
//! Write errors are handled here once for every subcommand, as ripgrep does: a reader that went
//! away (`sgrade grade FILE | head -1`) ends the process quietly with status 0, and any other
//! write error is recorded under the output's name (`-o /dev/full: No space left on device`) so
//! that `main` reports it instead of whatever input was being read when it surfaced.

use std::fmt;
use std::fs::File;
use std::io::{self, Write};
#[cfg(unix)]
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};

use indicatif::ProgressBar;

/// The first write error of the run, with the output's name; `main` prints it.
static FAILURE: OnceLock<String> = OnceLock::new();

/// The first output write error of the run, if any (`-o FILE: reason`).
pub fn failure() -> Option<&'static str> {
    FAILURE.get().map(String::as_str)
}

/// The progress bar on stderr while one is drawn: notes are written above it.
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Makes notes go above `bar` (`None`: no bar any more).
pub fn set_bar(bar: Option<ProgressBar>) {
    *BAR.lock().unwrap_or_else(PoisonError::into_inner) = bar;
}

/// Runs `write` on stderr, above the progress bar if one is drawn; errors are ignored.
fn to_stderr(write: impl FnOnce(&mut io::StderrLock<'_>)) {
    let bar = BAR.lock().unwrap_or_else(PoisonError::into_inner).clone();
    match bar {
        Some(bar) => bar.suspend(|| write(&mut io::stderr().lock())),
        None => write(&mut io::stderr().lock()),
    }
}

/// Writes a note on stderr; a full or closed stderr is ignored, never a panic (`eprintln!`
/// would panic).
pub fn write_note(args: fmt::Arguments<'_>) {
    to_stderr(|err| {
        let _ = err.write_fmt(args);
    });
}

/// `note!("…", args)`: one line on stderr, errors ignored.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::cli::output::write_note(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use note;

/// A stderr writer that drops its write errors, for sinks that take a `Write` for notes.
pub struct Notes;

impl Write for Notes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        to_stderr(|err| {
            let _ = err.write_all(buf);
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A named output. A broken pipe exits with status 0; any other error is recorded (see
/// [`failure`]) and returned with the output's name in its text.
pub struct Output {
    inner: Box<dyn Write>,
    name: String,
    /// A file written under a temporary name, renamed into place by [`Output::commit`].
    pending: Option<Pending>,
}

/// The temporary file of an atomic output and where it goes.
struct Pending {
    temp: PathBuf,
    target: PathBuf,
}

/// A new, empty file beside `path` (same folder, so a rename is atomic), with its name.
fn temporary_beside(path: &Path) -> io::Result<(File, PathBuf)> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    for attempt in 0u32.. {
        let temp = folder.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("the loop returns")
}

/// Where an atomic write of `path` renames its temporary file to: `path` itself, or the file
/// a symbolic link at `path` points to (so that the link stays a link); `None` when `path` is
/// not a regular file nor missing (a device such as `/dev/null`, a FIFO, a dangling link),
/// which is written in place: renaming over it would replace the device with a file.
fn rename_target(path: &Path) -> Option<PathBuf> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Some(path.to_path_buf());
    };
    if meta.is_file() {
        return Some(path.to_path_buf());
    }
    if meta.file_type().is_symlink() {
        let target = std::fs::canonicalize(path).ok()?;
        return std::fs::metadata(&target)
            .is_ok_and(|m| m.is_file())
            .then_some(target);
    }
    None
}

/// Whether `path` (links followed) is there and no regular file: a device such as
/// `/dev/null`, a FIFO. Such an output is written in place and gets no run record beside it.
pub fn is_special_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| !meta.is_file() && !meta.is_dir())
}

/// Writes `bytes` to `path` atomically: into a temporary file beside it, synced, then renamed
/// over it, so that a reader (or a crash) sees the old file or the new one, never a part. A
/// path that is no regular file (a device, a FIFO) is written in place ([`rename_target`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let Some(path) = rename_target(path) else {
        return File::create(path).and_then(|mut file| file.write_all(bytes));
    };
    let path = path.as_path();
    let (mut file, temp) = temporary_beside(path)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Output {
        Output {
            inner: Box::new(io::stdout().lock()),
            name: "stdout".into(),
            pending: None,
        }
    }

    /// `-o PATH` (named so in errors); `None`: stdout.
    pub fn create(path: Option<&Path>) -> Result<Output, String> {
        Self::create_named(path, "-o")
    }

    /// The file at `path`, named `option PATH` in errors (e.g. `--timings t.log`); `None`:
    /// stdout.
    pub fn create_named(path: Option<&Path>, option: &str) -> Result<Output, String> {
        let Some(path) = path else {
            return Ok(Output::stdout());
        };
        let name = format!("{option} {}", path.display());
        let file = File::create(path).map_err(|e| format!("{name}: {e}"))?;
        Ok(Output {
            inner: Box::new(file),
            name,
            pending: None,
        })
    }

    /// [`Output::create_named`] for an output that is written whole and only then matters
    /// (`report`, `stats --merged-timings`): the file is written under a temporary name beside
    /// `path` and renamed into place by [`Output::commit`], so an interrupted or failed run
    /// leaves the old file (or none), never a part of the new one. A symbolic link is followed
    /// (the file it points to is replaced, the link kept); a device or FIFO is written in place.
    pub fn create_atomic(path: Option<&Path>, option: &str) -> Result<Output, String> {
        let Some(path) = path else {
            return Ok(Output::stdout());
        };
        let Some(target) = rename_target(path) else {
            return Self::create_named(Some(path), option);
        };
        let name = format!("{option} {}", path.display());
        let (file, temp) = temporary_beside(&target).map_err(|e| format!("{name}: {e}"))?;
        Ok(Output {
            inner: Box::new(file),
            name,
            pending: Some(Pending { temp, target }),
        })
    }

    /// An output on `writer` (an opened file), named `option PATH` in errors.
    pub fn on(writer: Box<dyn Write>, option: &str, path: &Path) -> Output {
        Output {
            inner: writer,
            name: format!("{option} {}", path.display()),
            pending: None,
        }
    }

    /// Flushes the output; an atomic one is synced and renamed into place.
    pub fn commit(mut self) -> Result<(), String> {
        self.flush().map_err(|e| e.to_string())?;
        let Some(pending) = self.pending.take() else {
            return Ok(());
        };
        let moved = File::open(&pending.temp)
            .and_then(|file| file.sync_all())
            .and_then(|()| std::fs::rename(&pending.temp, &pending.target));
        if let Err(e) = moved {
            let _ = std::fs::remove_file(&pending.temp);
            return Err(format!("{}: {e}", self.name));
        }
        Ok(())
    }

    fn fail(&self, error: io::Error) -> io::Error {
        if error.kind() == io::ErrorKind::BrokenPipe {
            // The reader went away: what it wanted it has; stop quietly, as `head` expects.
            std::process::exit(0);
        }
        let text = format!("{}: {error}", self.name);
        let _ = FAILURE.set(text.clone());
        io::Error::new(error.kind(), text)
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // An atomic output never committed (an error on the way) leaves no temporary file.
        if let Some(pending) = self.pending.take() {
            let _ = std::fs::remove_file(pending.temp);
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.fail(e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(|e| self.fail(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.fail(e))
    }
}

/// The identity of an existing file (device, inode), links followed.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// Refuses an output that is one of the inputs (the same file, also through links or another
/// path), before anything is opened for writing: creating it would truncate the input.
pub fn refuse_overwrite<'a>(
    inputs: &[PathBuf],
    outputs: impl IntoIterator<Item = (&'a str, Option<&'a Path>)>,
) -> Result<(), String> {
    for (option, output) in outputs {
        let Some(output) = output else { continue };
        let Some(id) = identity(output) else { continue };
        for input in inputs.iter().filter(|p| p.as_os_str() != "-") {
            if identity(input).as_ref() == Some(&id) {
                return Err(format!(
                    "{option} {}: is the input {}; refusing to overwrite it",
                    output.display(),
                    input.display()
                ));
            }
        }
    }
    Ok(())
}

/// Refuses two outputs that name one file (e.g. `--timings` and `-o`): the one opened last
/// would truncate what the other wrote. Paths are compared by the file they name when it is
/// there, else as absolute paths.
pub fn refuse_shared_outputs<'a>(
    outputs: impl IntoIterator<Item = (&'a str, Option<&'a Path>)>,
) -> Result<(), String> {
    let named: Vec<(&str, &Path)> = outputs
        .into_iter()
        .filter_map(|(option, path)| path.map(|path| (option, path)))
        .collect();
    // A path not there yet: through the (dangling) link it may be, its folder's real path
    // (links and `..` resolved) and its name.
    let where_to = |path: &Path| {
        let linked = std::fs::read_link(path)
            .ok()
            .map(|target| match path.parent() {
                Some(folder) => folder.join(target),
                None => target,
            });
        let path = linked.as_deref().unwrap_or(path);
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        match (std::fs::canonicalize(folder), path.file_name()) {
            (Ok(folder), Some(name)) => Some(folder.join(name)),
            _ => std::path::absolute(path).ok(),
        }
    };
    let same = |a: &Path, b: &Path| match (identity(a), identity(b)) {
        (Some(a), Some(b)) => a == b,
        _ => where_to(a) == where_to(b),
    };
    for (i, &(first, a)) in named.iter().enumerate() {
        for &(second, b) in &named[i + 1..] {
            if same(a, b) {
                return Err(format!(
                    "{first} {} and {second} {} name the same file; give each its own",
                    a.display(),
                    b.display()
                ));
            }
        }
    }
    Ok(())
}

/// Checks every input before any output: it exists, is not a directory, and can be opened.
pub fn check_inputs(inputs: &[PathBuf]) -> Result<(), String> {
    for path in inputs.iter().filter(|p| p.as_os_str() != "-") {
        let cannot = |why: &dyn fmt::Display| format!("cannot open {}: {why}", path.display());
        let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
        if meta.is_dir() {
            return Err(cannot(&"is a directory"));
        }
        File::open(path).map_err(|e| cannot(&e))?;
    }
    Ok(())
}
