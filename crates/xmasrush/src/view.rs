//! A self-contained HTML page that replays a game turn by turn.
//!
//! Contract: [`render_html`] embeds the replay as JSON and a small script
//! that draws the frame: a 7x7 grid of `div.cell` elements (each with
//! `data-tile` = the 4-character pattern and its open paths drawn), items,
//! players, hand tiles, scores, quests and actions, with Previous / Next
//! buttons (and the arrow keys). The page opens on the frame number in the
//! URL fragment (`game.html#12`), else the first. No network access.

use crate::replay::Replay;

const STYLE: &str = r#"
body { font-family: sans-serif; background: #1d2733; color: #eee; margin: 16px; }
#wrap { display: flex; gap: 24px; align-items: flex-start; }
#board { display: grid; grid-template-columns: repeat(7, 64px); gap: 2px; background: #0d141c; padding: 2px; }
.cell, .hand { width: 64px; height: 64px; background: #3b5b3b; position: relative; }
.arm { position: absolute; background: #d9c9a3; }
.hub { position: absolute; left: 22px; top: 22px; width: 20px; height: 20px; background: #d9c9a3; }
.a0 { left: 22px; top: 0; width: 20px; height: 22px; }
.a1 { left: 42px; top: 22px; width: 22px; height: 20px; }
.a2 { left: 22px; top: 42px; width: 20px; height: 22px; }
.a3 { left: 0; top: 22px; width: 22px; height: 20px; }
.item { position: absolute; left: 2px; bottom: 2px; font-size: 9px; padding: 1px 2px; border-radius: 3px; }
.o0 { background: #c33; } .o1 { background: #36c; }
.player { position: absolute; width: 18px; height: 18px; border-radius: 9px; border: 2px solid #fff; }
.p0 { background: #e44; right: 4px; top: 4px; } .p1 { background: #48f; right: 4px; top: 24px; }
.side { width: 220px; } .side h3 { margin: 4px 0; }
button { font-size: 16px; margin-right: 8px; }
"#;

const SCRIPT: &str = r#"
const R = JSON.parse(document.getElementById('replay').textContent);
let frame = Math.max(0, Math.min(R.frames.length - 1, parseInt(location.hash.slice(1)) || 0));
function tile(el, t) {
  el.dataset.tile = t;
  el.innerHTML = '';
  const hub = document.createElement('div'); hub.className = 'hub'; el.appendChild(hub);
  for (let d = 0; d < 4; d++) if (t[d] === '1') {
    const a = document.createElement('div'); a.className = 'arm a' + d; el.appendChild(a);
  }
}
function draw() {
  const f = R.frames[frame];
  const board = document.getElementById('board');
  board.innerHTML = '';
  for (let y = 0; y < 7; y++) {
    const row = f.board[y].split(' ');
    for (let x = 0; x < 7; x++) {
      const c = document.createElement('div'); c.className = 'cell';
      c.id = 'c' + x + '_' + y; tile(c, row[x]); board.appendChild(c);
    }
  }
  for (let p = 0; p < 2; p++) {
    const h = document.getElementById('hand' + p); tile(h, f.hands[p]);
    const [x, y] = f.players[p];
    const m = document.createElement('div'); m.className = 'player p' + p; m.title = R.players[p];
    document.getElementById('c' + x + '_' + y).appendChild(m);
    document.getElementById('score' + p).textContent = f.scores[p];
    document.getElementById('quests' + p).textContent = f.quests[p].join(', ');
    document.getElementById('action' + p).textContent = f.actions[p];
  }
  for (const it of f.items) {
    const host = it.x >= 0 ? document.getElementById('c' + it.x + '_' + it.y)
                           : document.getElementById('hand' + (-1 - it.x));
    const i = document.createElement('div'); i.className = 'item o' + it.owner;
    i.textContent = it.name.slice(0, 4); host.appendChild(i);
  }
  document.getElementById('turn').textContent =
    'frame ' + (frame + 1) + '/' + R.frames.length + ' - game turn ' + f.turn + ' (' + f.kind + ')';
  location.hash = String(frame);
}
function go(d) { frame = Math.max(0, Math.min(R.frames.length - 1, frame + d)); draw(); }
document.getElementById('prev').onclick = () => go(-1);
document.getElementById('next').onclick = () => go(1);
document.addEventListener('keydown', e => { if (e.key === 'ArrowLeft') go(-1); if (e.key === 'ArrowRight') go(1); });
draw();
"#;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page for `replay`.
pub fn render_html(replay: &Replay) -> String {
    // `</` inside the JSON would close the script element early.
    let json = serde_json::to_string(replay)
        .expect("a replay serializes")
        .replace("</", "<\\/");
    let side = |p: usize| {
        format!(
            "<div class=\"side\"><h3>{name}</h3><div>score <b id=\"score{p}\"></b></div>\
             <div>hand</div><div class=\"hand\" id=\"hand{p}\"></div>\
             <div>quests: <span id=\"quests{p}\"></span></div>\
             <div>answer: <code id=\"action{p}\"></code></div></div>",
            name = escape(&replay.players[p])
        )
    };
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Xmas Rush seed {seed}</title>\
         <style>{STYLE}</style></head><body>\
         <h2>Xmas Rush, seed {seed}: {a} vs {b} - final {s0}:{s1} ({reason})</h2>\
         <div><button id=\"prev\">&larr; Previous</button><button id=\"next\">Next &rarr;</button>\
         <span id=\"turn\"></span></div><div id=\"wrap\">{side0}<div id=\"board\"></div>{side1}</div>\
         <script id=\"replay\" type=\"application/json\">{json}</script><script>{SCRIPT}</script>\
         </body></html>\n",
        seed = replay.seed,
        a = escape(&replay.players[0]),
        b = escape(&replay.players[1]),
        s0 = replay.scores[0],
        s1 = replay.scores[1],
        reason = escape(&replay.reason),
        side0 = side(0),
        side1 = side(1),
    )
}
