//! `yomi-usi`: the shogi engine as a bare USI executable (no arguments),
//! the way ShogiGUI and Shogidokoro register engines. The protocol loop is
//! `yomi_shogi_engine::usi`; `yomi usi` runs the same loop. This package
//! depends on the engine alone, so building it compiles none of the command
//! line's crates.

fn main() {
    yomi_shogi_engine::usi::run_stdio();
}
