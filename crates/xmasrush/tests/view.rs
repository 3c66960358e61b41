//! The replay page in a real headless browser: Chromium (Debian's
//! `chromium` package) loads the page at a frame and the rendered DOM must
//! show that frame's board, players and turn. It needs Chromium, so it is
//! ignored by a plain `cargo test` (the reason is listed) and run by
//! `.ci/run`, which installs Chromium, with `--ignored`; run that way without
//! Chromium it fails, never passes unrun.

use yomi_core::browser::{attribute, chromium};
use yomi_xmasrush::League;
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::player::Player;
use yomi_xmasrush::referee::{RefereeOptions, play_game};
use yomi_xmasrush::view::render_html;

fn dump_dom(browser: &str, url: &str) -> String {
    yomi_core::browser::dump_dom(browser, url, None).expect("chromium loads the page")
}

#[test]
#[ignore = "needs Chromium: apt-get install chromium, then cargo test -p yomi-xmasrush --test view -- --ignored (.ci/run does)"]
fn the_page_draws_the_requested_frame_in_chromium() {
    let browser =
        chromium().expect("no chromium found (apt-get install -y chromium, or set YOMI_CHROMIUM)");
    let mut players = [
        Player::builtin(
            BotSpec::parse("greedy").unwrap().build(1).unwrap(),
            League::Legend,
        ),
        Player::builtin(
            BotSpec::parse("random").unwrap().build(2).unwrap(),
            League::Legend,
        ),
    ];
    let options = RefereeOptions {
        record: true,
        ..Default::default()
    };
    let (_, replay) = play_game(
        &mut players,
        ["greedy".into(), "random".into()],
        11,
        options,
    )
    .unwrap();
    let html = render_html(&replay);
    let path = std::env::temp_dir().join(format!("xmas-view-{}.html", std::process::id()));
    std::fs::write(&path, html).unwrap();
    let frame = 7usize;
    let dom = dump_dom(&browser, &format!("file://{}#{frame}", path.display()));
    let f = &replay.frames[frame];
    for y in 0..7 {
        let row: Vec<&str> = f.board[y].split(' ').collect();
        assert_eq!(row.len(), 7, "row {y} of frame {frame}");
        for (x, want) in row.iter().enumerate() {
            let got = attribute(&dom, &format!("c{x}_{y}"), "data-tile");
            assert_eq!(
                got.as_deref(),
                Some(*want),
                "cell ({x},{y}) of frame {frame}"
            );
        }
    }
    assert_eq!(
        attribute(&dom, "hand0", "data-tile").as_deref(),
        Some(f.hands[0].as_str())
    );
    // Each player's marker is drawn inside its cell.
    for p in 0..2 {
        let [x, y] = f.players[p];
        let cell = dom.find(&format!("id=\"c{x}_{y}\"")).unwrap();
        let end = dom[cell..]
            .find("class=\"cell\"")
            .map_or(dom.len(), |e| cell + e);
        assert!(
            dom[cell..end].contains(&format!("player p{p}")),
            "player {p} not at ({x},{y})"
        );
    }
    assert!(
        dom.contains(&format!("frame {} / {}", frame + 1, replay.frames.len()).replace(" / ", "/")),
        "turn label"
    );
}
