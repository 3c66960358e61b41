//! A real headless browser for the tests that check what yomi draws (the
//! Xmas Rush replay page, the tuner's charts): Debian's `chromium`.
//!
//! Contract: [`chromium`] finds a browser (`YOMI_CHROMIUM`, then
//! `chromium`, `chromium-browser`, `google-chrome`) that answers
//! `--version`; [`dump_dom`] loads a URL headless (with a budget, lets its
//! timers and load events run that much virtual time) and returns the DOM
//! Chromium serializes; a browser that has not finished after 90 s is
//! killed and reported as an error. Tests that need a browser are
//! `#[ignore]`d with the reason and run by `.ci/run`, which installs it.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The browser command, if one is installed.
pub fn chromium() -> Option<String> {
    let candidates = [
        std::env::var("YOMI_CHROMIUM").unwrap_or_default(),
        "chromium".into(),
        "chromium-browser".into(),
        "google-chrome".into(),
    ];
    candidates.into_iter().filter(|c| !c.is_empty()).find(|c| {
        Command::new(c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// The DOM of `url` in headless `browser`: as soon as it has loaded, or,
/// with a `budget`, after that much virtual time (timers and image loads
/// included).
pub fn dump_dom(browser: &str, url: &str, budget: Option<Duration>) -> std::io::Result<String> {
    let out_path = std::env::temp_dir().join(format!(
        "yomi-dom-{}-{}.html",
        std::process::id(),
        crate::fnv1a(url.as_bytes())
    ));
    let out_file = std::fs::File::create(&out_path)?;
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--allow-file-access-from-files".into(),
    ];
    if let Some(b) = budget {
        args.push(format!("--virtual-time-budget={}", b.as_millis()));
    }
    args.extend(["--dump-dom".to_string(), url.to_string()]);
    let mut child = Command::new(browser)
        .args(&args)
        .stdout(out_file)
        .stderr(Stdio::null())
        .spawn()?;
    let start = Instant::now();
    while child.try_wait()?.is_none() {
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other(format!(
                "{browser} did not finish loading {url} in 90 s"
            )));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = std::fs::read_to_string(&out_path);
    let _ = std::fs::remove_file(&out_path);
    dom
}

/// The value of `attr` in the element whose id is `id` in a dumped DOM.
pub fn attribute(dom: &str, id: &str, attr: &str) -> Option<String> {
    let at = dom.find(&format!("id=\"{id}\""))?;
    let tag_start = dom[..at].rfind('<')?;
    let tag_end = at + dom[at..].find('>')?;
    let tag = &dom[tag_start..tag_end];
    let key = format!("{attr}=\"");
    let v = tag.find(&key)? + key.len();
    Some(tag[v..v + tag[v..].find('"')?].to_string())
}
