//! Output helpers shared by `yomi tour` and every domain's part of it: a section heading
//! with the command that reproduces it, and an indented body. Contract: this module
//! prints and formats only; it depends on no command, so every command may use it.

/// Prints a section heading with the stand-alone command that reproduces
/// it; every section of the tour, in every domain, starts with this.
pub fn section(title: &str, command: &str) {
    println!("\n== {title}\n   $ {command}");
}

/// Indents every line of a section's body by three spaces.
pub fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("   {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
