fn main() {
    let path = std::env::args().nth(1).unwrap();
    match dxil_db::load(&path) {
        Ok(db) => println!("ok: {} ops", db.ops.len()),
        Err(e) => { match e.report() { Some(r) => { print!("{}", r.render_short()); print!("{}", r.render_rich(false)); }, None => println!("{e}") } }
    }
}
