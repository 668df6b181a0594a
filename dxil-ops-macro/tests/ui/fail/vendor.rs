// include_ops! on an extension file with mistakes, and on a file that does not exist.

mod broken {
    dxil_ops::include_ops!("tests/vendor/broken.toml");
}

mod missing {
    dxil_ops::include_ops!("tests/vendor/missing.toml");
}

fn main() {}
