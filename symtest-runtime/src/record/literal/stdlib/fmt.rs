//! `std::fmt`: the formatting `Error` by its path, `std::fmt::Error`.

use super::Literal;

impl Literal for std::fmt::Error {
    fn literal(&self) -> String {
        "std::fmt::Error".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;

    #[test]
    fn the_error_is_written_by_its_path() {
        assert_literals!(std::fmt::Error => "std::fmt::Error");
    }
}
