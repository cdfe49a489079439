//! The import direction of `src/`, read from the source text.
//!
//! What is checked, exactly:
//!
//! - Every `.rs` file under `src/` belongs to a folder: its first path component under `src/`
//!   (`src/techniques/als/hodoku.rs` and `src/techniques/mod.rs` are both in `techniques`;
//!   `src/explain.rs` is `explain`). The binary (`src/main.rs` and `src/cli/`) is `cli`;
//!   `src/lib.rs` only declares the modules and is not checked.
//! - The folders stand in [`LAYERS`], bottom up: `core < oracle < input, model, symmetry < techniques <
//!   scales < timing < grading < batch, report, explain, bench < cli`. (The issue's list put
//!   `timing` beside `report`; the grading loop calls the timing hooks, so it sits under
//!   `grading`.)
//! - The imports of a file are the crate-internal paths it names outside comments and string
//!   literals: every path of its `use` trees (`use crate::x::y`, `use crate::x::{y, z::w}`,
//!   `pub use`), every inline path (`crate::x::y(…)`), with `crate::`, `super::`, `self::`, a child
//!   module declared in the file (`mod x;` … `x::y`) or, in the binary, `sudoku_grader::` as its
//!   start. Code inside `#[cfg(test)]` modules counts like any other; only paths into
//!   `crate::core::test_support` (test-only fixtures at the bottom layer) are left out. Each
//!   path is taken to the deepest module that is a file (`crate::scales::choice::StepChoice` is
//!   `crate::scales::choice`, the file `src/scales/choice/mod.rs`).
//! - **Layers**: a file may import a folder of a lower rank, and its own folder; it must not
//!   import a higher rank, nor another folder of its own rank (`input` and `model` do not import
//!   each other). Each violation reads `file: imports crate::x (layer A) from layer B`.
//! - **Cycles**: in the graph of files joined by those imports, no cycle passes through files
//!   of two folders (a strongly connected component, found with Tarjan's algorithm, spanning two
//!   folders). Each import between two folders on such a cycle is reported with one cycle it
//!   closes. Cycles inside a folder (`techniques/mod.rs` naming its families, which name
//!   `TechniqueId` back) are fine.
//!
//! There is no allowlist: the restructure of issue #12 removed every back-edge, and a new one
//! fails the test with the import that makes it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use crate::common;

/// The folders of `src/` and their rank, bottom up.
const LAYERS: &[(&str, u8)] = &[
    ("core", 0),
    ("oracle", 1),
    ("input", 2),
    ("model", 2),
    ("symmetry", 2),
    ("techniques", 3),
    ("scales", 4),
    ("timing", 5),
    ("grading", 6),
    ("batch", 7),
    ("report", 7),
    ("explain", 7),
    ("bench", 7),
    ("cli", 8),
];

#[test]
fn imports_follow_the_layers() {
    let graph = ImportGraph::read(&common::project_root().join("src"));
    let mut unknown = Vec::new();
    let mut violations = BTreeSet::new();
    for import in &graph.imports {
        let (from, to) = (folder_of(&import.from), folder_of(&import.to));
        if from.is_empty() || to.is_empty() {
            continue; // lib.rs / main.rs as the crate root
        }
        let (Some(from_rank), Some(to_rank)) = (rank(from), rank(to)) else {
            unknown.push(format!("{}: folder not in LAYERS", import.from));
            continue;
        };
        if from != to && to_rank >= from_rank {
            violations.insert((import.from.clone(), import.module.clone(), to, from));
        }
    }
    assert!(unknown.is_empty(), "{}", unknown.join("\n"));
    let new: Vec<String> = violations
        .iter()
        .map(|(file, module, to, from)| {
            format!("{file}: imports {module} (layer {to}) from layer {from}")
        })
        .collect();
    assert!(
        new.is_empty(),
        "imports against the layer order {}:\n{}",
        layer_order(),
        new.join("\n")
    );
}

#[test]
fn no_cycle_passes_through_two_folders() {
    let graph = ImportGraph::read(&common::project_root().join("src"));
    let edges = graph.file_edges();
    let mut on_cycles = BTreeMap::new();
    for component in strongly_connected(&edges) {
        let folders: BTreeSet<&str> = component.iter().map(|f| folder_of(f)).collect();
        if folders.len() < 2 {
            continue;
        }
        for from in &component {
            for to in edges[from].iter().filter(|t| component.contains(*t)) {
                if folder_of(from) != folder_of(to) {
                    let back = shortest_path(&edges, &component, to, from);
                    on_cycles.insert((from.clone(), to.clone()), back);
                }
            }
        }
    }
    let new: Vec<String> = on_cycles
        .iter()
        .map(|((from, to), back)| format!("{from} → {to}, closing {from} → {}", back.join(" → ")))
        .collect();
    assert!(
        new.is_empty(),
        "imports between folders that close a cycle (each with one cycle it closes):\n{}",
        new.join("\n")
    );
}

/// The scanner on a made-up file: use trees, inline paths, comments, strings and inline modules.
#[test]
fn the_scanner_reads_paths_and_skips_comments_and_strings() {
    let text = r##"
        //! Mentions crate::explain in a doc comment.
        use crate::core::{cell_name, Grid};
        use crate::model::{links::{self, ChainLink}, als as sets};
        pub use child::Thing;
        use super::{StepSink, TechniqueId};
        mod child;
        /* crate::grading::grader in a block /* nested */ comment */
        fn f(c: char) -> &'static str {
            let _ = crate::oracle::solve(&g);
            let _ = child::run();
            let _ = ('"', '\'', b'x', "crate::batch", r#"crate::report "quoted""#);
            "crate::timing"
        }
        #[cfg(test)]
        mod tests {
            use super::*;
            use crate::core::test_support::grid;
            use crate::scales::ladder::Ladder;
        }
    "##;
    let paths = scan(text, &["techniques".to_string(), "fish".to_string()]);
    let names: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        names,
        [
            "core::cell_name",
            "core::Grid",
            "model::links",
            "model::links::ChainLink",
            "model::als",
            "techniques::fish::child::Thing",
            "techniques::StepSink",
            "techniques::TechniqueId",
            "oracle::solve",
            "techniques::fish::child::run",
            "techniques::fish",
            "core::test_support::grid",
            "scales::ladder::Ladder",
        ]
    );
}

/// The rank of a folder in [`LAYERS`].
fn rank(folder: &str) -> Option<u8> {
    LAYERS.iter().find(|(f, _)| *f == folder).map(|&(_, r)| r)
}

fn layer_order() -> String {
    let mut text = String::new();
    for (i, (folder, r)) in LAYERS.iter().enumerate() {
        if i > 0 {
            text.push_str(if LAYERS[i - 1].1 == *r { ", " } else { " < " });
        }
        text.push_str(folder);
    }
    text
}

/// The folder of a file (`src/techniques/als/hodoku.rs` → `techniques`); `cli` for the binary's
/// root, empty for the library's.
fn folder_of(file: &str) -> &str {
    let inside = file.strip_prefix("src/").unwrap_or(file);
    match inside {
        "lib.rs" => "",
        "main.rs" => "cli",
        _ => {
            let first = inside.split('/').next().unwrap();
            first.strip_suffix(".rs").unwrap_or(first)
        }
    }
}

/// One import: the importing file, the module imported (`crate::x::y`) and its file.
struct Import {
    from: String,
    module: String,
    to: String,
}

/// Every import of every file under `src/`.
struct ImportGraph {
    files: BTreeSet<String>,
    imports: Vec<Import>,
}

impl ImportGraph {
    fn read(src: &Path) -> ImportGraph {
        let mut files = BTreeSet::new();
        collect_files(src, "src", &mut files);
        assert!(
            files.len() > 20,
            "only {} files under {}",
            files.len(),
            src.display()
        );
        let mut imports = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(src.join(file.strip_prefix("src/").unwrap()))
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            for path in scan(&text, &module_of(file)) {
                if path.starts_with(&["core".to_string(), "test_support".to_string()]) {
                    continue;
                }
                let Some((to, depth)) = file_of(&path, &files) else {
                    continue; // the crate root itself
                };
                if &to != file {
                    let module = format!("crate::{}", path[..depth].join("::"));
                    imports.push(Import {
                        from: file.clone(),
                        module,
                        to,
                    });
                }
            }
        }
        // Not vacuous: a few imports that exist for good are found.
        for (from, module) in [
            ("src/grading/grader.rs", "crate::scales::ladder"),
            ("src/techniques/singles.rs", "crate::techniques"),
            ("src/cli/grade.rs", "crate::cli::progress"),
        ] {
            assert!(
                imports.iter().any(|i| i.from == from && i.module == module),
                "the scan misses {from} → {module}"
            );
        }
        ImportGraph { files, imports }
    }

    /// Each file's imported files.
    fn file_edges(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut edges: BTreeMap<String, BTreeSet<String>> = self
            .files
            .iter()
            .map(|f| (f.clone(), BTreeSet::new()))
            .collect();
        for import in &self.imports {
            edges
                .get_mut(&import.from)
                .unwrap()
                .insert(import.to.clone());
        }
        edges
    }
}

/// The `.rs` files under `dir` (named `prefix/…`).
fn collect_files(dir: &Path, prefix: &str, files: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().to_string();
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, &format!("{prefix}/{name}"), files);
        } else if name.ends_with(".rs") {
            files.insert(format!("{prefix}/{name}"));
        }
    }
}

/// The module path of a file (`src/techniques/fish.rs` → `techniques::fish`; empty for the
/// crate roots).
fn module_of(file: &str) -> Vec<String> {
    let inside = file.strip_prefix("src/").unwrap();
    if inside == "lib.rs" || inside == "main.rs" {
        return Vec::new();
    }
    let inside = inside
        .strip_suffix("/mod.rs")
        .or_else(|| inside.strip_suffix(".rs"))
        .unwrap();
    inside.split('/').map(String::from).collect()
}

/// The deepest prefix of module `path` that is a file, and how many segments it takes; `None`
/// for the crate root.
fn file_of(path: &[String], files: &BTreeSet<String>) -> Option<(String, usize)> {
    let mut dir = "src".to_string();
    let mut found = None;
    for (depth, segment) in path.iter().enumerate() {
        let file = format!("{dir}/{segment}.rs");
        let module = format!("{dir}/{segment}/mod.rs");
        if files.contains(&file) {
            found = Some((file, depth + 1));
        } else if files.contains(&module) {
            found = Some((module, depth + 1));
        } else {
            break;
        }
        dir = format!("{dir}/{segment}");
    }
    found
}

/// The strongly connected components of the graph (Tarjan's algorithm).
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        components: Vec<BTreeSet<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            let edges = self.edges;
            for next in &edges[node] {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next.as_str()]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next.as_str()) {
                    let low = self.low[node].min(self.index[next.as_str()]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = BTreeSet::new();
                loop {
                    let member = self.stack.pop().unwrap();
                    self.on_stack.remove(member);
                    component.insert(member.to_string());
                    if member == node {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let mut tarjan = Tarjan {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for node in edges.keys() {
        if !tarjan.index.contains_key(node.as_str()) {
            tarjan.visit(node);
        }
    }
    tarjan.components
}

/// The files of a shortest path `from` ⇝ `to` inside `component` (both ends included).
fn shortest_path(
    edges: &BTreeMap<String, BTreeSet<String>>,
    component: &BTreeSet<String>,
    from: &str,
    to: &str,
) -> Vec<String> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(node) = queue.pop_front() {
        if node == to {
            break;
        }
        for next in edges[node].iter().filter(|n| component.contains(*n)) {
            if next != from && !came_from.contains_key(next.as_str()) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    let mut path = vec![to.to_string()];
    let mut node = to;
    while node != from {
        node = came_from[node];
        path.push(node.to_string());
    }
    path.reverse();
    path
}

/// A token of Rust source, as far as paths need.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Other,
}

/// The tokens of `text`, comments, string and character literals dropped.
fn tokens(text: &str) -> Vec<Token> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else if i >= c.len() {
                    break;
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i + 1);
        } else if let Some((hashes, open)) = raw_string_start(&c, i) {
            i = open + 1;
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while i < c.len() && c[i..].iter().take(close.len()).ne(close.iter()) {
                i += 1;
            }
            i += close.len();
        } else if ch == 'b' && at(i + 1) == '"' {
            i = skip_string(&c, i + 2);
        } else if ch == 'b' && at(i + 1) == '\'' {
            i = skip_char(&c, i + 1);
        } else if ch == '\'' {
            // A character literal, or a lifetime (whose name is read as an identifier next).
            i = if at(i + 1) == '\\' || at(i + 2) == '\'' {
                skip_char(&c, i)
            } else {
                i + 1
            };
        } else if ch == 'r' && at(i + 1) == '#' && is_ident_start(at(i + 2)) {
            i += 2; // a raw identifier
        } else if is_ident_start(ch) {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(c[start..i].iter().collect()));
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Token::Other);
        } else {
            out.push(match ch {
                ':' if at(i + 1) == ':' => {
                    i += 1;
                    Token::PathSep
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semi,
                '*' => Token::Star,
                _ => Token::Other,
            });
            i += 1;
        }
    }
    out
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

/// The index after the string whose body starts at `i`.
fn skip_string(c: &[char], mut i: usize) -> usize {
    while i < c.len() && c[i] != '"' {
        i += if c[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// The index after the character literal whose quote is at `i`.
fn skip_char(c: &[char], mut i: usize) -> usize {
    i += 1;
    while i < c.len() && c[i] != '\'' {
        i += if c[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// `r"`, `r#"`, `br##"`…: the number of hashes and the index of the opening quote.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if c[j] != 'r' && c[j] != 'b' {
        return None;
    }
    if c[j] == 'b' {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((hashes, j))
}

/// The crate-internal paths `text` names, made absolute (without `crate`) for a file whose
/// module is `module`.
fn scan(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let tokens = tokens(text);
    let ident = |i: usize| match tokens.get(i) {
        Some(Token::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    // Child modules declared in the file (`mod x;`), which its paths may start with.
    let children: BTreeSet<&str> = (0..tokens.len())
        .filter(|&i| ident(i) == Some("mod") && tokens.get(i + 2) == Some(&Token::Semi))
        .filter_map(|i| ident(i + 1))
        .collect();
    let mut paths = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let after_sep = i > 0 && tokens[i - 1] == Token::PathSep;
        match &tokens[i] {
            Token::Open => {
                depth += 1;
                if i >= 2 && ident(i - 2) == Some("mod") {
                    inline.push((ident(i - 1).unwrap_or("").to_string(), depth));
                }
            }
            Token::Close => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Token::Ident(word) if word == "use" && !after_sep => {
                let mut j = i + 1;
                let mut tree = Vec::new();
                use_tree(&tokens, &mut j, Vec::new(), &mut tree);
                let here = current(module, &inline);
                for path in tree {
                    paths.extend(absolute(&path, &here, &children, inline.is_empty()));
                }
                i = j;
                continue;
            }
            Token::Ident(_) if !after_sep && tokens.get(i + 1) == Some(&Token::PathSep) => {
                // Segments while `:: name` goes on; what ends the path (`::<`, `(`…) is read
                // as usual next.
                let mut path = Vec::new();
                let mut j = i;
                while let Some(segment) = ident(j) {
                    path.push(segment.to_string());
                    j += 1;
                    if tokens.get(j) != Some(&Token::PathSep) || ident(j + 1).is_none() {
                        break;
                    }
                    j += 1;
                }
                let here = current(module, &inline);
                paths.extend(absolute(&path, &here, &children, inline.is_empty()));
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    paths
}

/// The module at a point of the file: the file's module and the inline modules around it.
fn current(module: &[String], inline: &[(String, usize)]) -> Vec<String> {
    let mut here = module.to_vec();
    here.extend(inline.iter().map(|(name, _)| name.clone()));
    here
}

/// Reads one use tree from `tokens[*i]` on (after `use`), pushing each full path it names.
fn use_tree(tokens: &[Token], i: &mut usize, mut path: Vec<String>, out: &mut Vec<Vec<String>>) {
    if tokens.get(*i) == Some(&Token::PathSep) {
        *i += 1;
    }
    loop {
        match tokens.get(*i) {
            Some(Token::Ident(segment)) => {
                *i += 1;
                if segment != "self" {
                    path.push(segment.clone());
                }
                if tokens.get(*i) == Some(&Token::PathSep) {
                    *i += 1;
                    continue;
                }
                if tokens.get(*i) == Some(&Token::Ident("as".to_string())) {
                    *i += 2;
                }
            }
            Some(Token::Open) => {
                *i += 1;
                while !matches!(tokens.get(*i), Some(Token::Close) | None) {
                    use_tree(tokens, i, path.clone(), out);
                    if tokens.get(*i) == Some(&Token::Comma) {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            Some(Token::Star) => *i += 1,
            _ => {}
        }
        out.push(path);
        return;
    }
}

/// `path` from the crate root, when it is crate-internal: `crate::`, `super::`, `self::`,
/// `sudoku_grader::` (the library, from the binary) or a child module of the file.
fn absolute(
    path: &[String],
    here: &[String],
    children: &BTreeSet<&str>,
    at_file_level: bool,
) -> Option<Vec<String>> {
    let first = path.first()?.as_str();
    let mut full = match first {
        "crate" | "sudoku_grader" => return Some(path[1..].to_vec()),
        "self" => here.to_vec(),
        "super" => here.to_vec(),
        _ if at_file_level && children.contains(first) => {
            let mut full = here.to_vec();
            full.extend_from_slice(path);
            return Some(full);
        }
        _ => return None,
    };
    let mut rest = path;
    while let Some(segment) = rest.first() {
        match segment.as_str() {
            "super" => {
                full.pop();
            }
            "self" => {}
            _ => break,
        }
        rest = &rest[1..];
    }
    full.extend_from_slice(rest);
    Some(full)
}
