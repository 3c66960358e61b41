//! Match statistics calculator: Elo, error, LOS and SPRT LLR for given counts,
//! without playing games (handy for checking figures against other tools).
//!
//! Usage: `cargo run -p yomi-arena --example stats -- LL,LD,DD+WL,WD,WW W,D,L [elo0,elo1[,alpha,beta[,model]]]`
//! e.g. `cargo run -p yomi-arena --example stats -- 4,20,80,60,36 120,100,80 0,10`

use yomi_arena::{Pentanomial, SprtConfig, Trinomial};

fn counts<const N: usize>(text: &str, what: &str) -> Result<[u32; N], String> {
    let v: Vec<u32> = text
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .map_err(|e| format!("{what}: '{s}': {e}"))
        })
        .collect::<Result<_, _>>()?;
    v.try_into().map_err(|v: Vec<u32>| {
        format!(
            "{what}: expected {N} comma-separated counts, got {}",
            v.len()
        )
    })
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 || args.len() > 3 {
        return Err("usage: stats LL,LD,DD+WL,WD,WW W,D,L [elo0,elo1[,alpha,beta[,model]]]".into());
    }
    let penta = Pentanomial(counts::<5>(&args[0], "pentanomial")?);
    let [w, d, l] = counts::<3>(&args[1], "W,D,L")?;
    let tri = Trinomial {
        wins: w,
        draws: d,
        losses: l,
    };
    let sprt: Option<SprtConfig> = args
        .get(2)
        .map(|s| s.parse().map_err(|e| format!("{e}")))
        .transpose()?;
    let (ep, et) = (penta.elo(), tri.elo());
    let llr = |f: &dyn Fn(&SprtConfig) -> f64| sprt.as_ref().map_or(f64::NAN, f);
    println!(
        "penta elo {:.6} err {:.6} nelo {:.6} llr {:.6}",
        ep.elo,
        ep.error,
        ep.nelo,
        llr(&|c| c.llr_pentanomial(&penta))
    );
    println!(
        "wdl elo {:.6} err {:.6} llr {:.6} los {:.2} %",
        et.elo,
        et.error,
        llr(&|c| c.llr_trinomial(&tri)),
        tri.los() * 100.0
    );
    println!("penta los {:.2} %", penta.los() * 100.0);
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
