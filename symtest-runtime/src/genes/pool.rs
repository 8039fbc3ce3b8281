//! The constant pool: the literals of the function body, offered to the search as gene values
//! (constant seeding, as EvoSuite and Pynguin do it), and what the search learns from the
//! inputs that cover new branches ([`Learned`]).

use rand::RngExt;

use super::learned::Learned;
use super::random::Rng;
use super::{Direction, IntKind, Shape, Value, floats, gene_of_char};

/// A literal of the function body, for seeding the search (EvoSuite's constant pool).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    Int(i128),
    Float(f64),
    Char(char),
    Str(&'static str),
    /// A byte string literal (`b"CVE"`), which the bytes a parser reads are compared with.
    Bytes(&'static [u8]),
}

/// Probability that a random or mutated gene takes a value of the pool, when the pool has one
/// that fits the gene: 0.2, Pynguin's default `seeded_primitives_reuse_probability`.
/// (EvoSuite's `primitive_pool` default is 0.5; a lower share leaves more room to the other
/// operators, as most genes of an input are not compared with a literal.)
pub const P_SEED: f64 = 0.2;

/// Candidate gene values taken from the literals of a function body, one list per gene kind.
///
/// Built once per function; an empty pool (the default) leaves every operator exactly as it is
/// without one, down to the random numbers drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pool {
    /// Each integer literal `v` with its boundary values `v - 1` and `v + 1`, since a branch
    /// `x < v` or `x <= v` flips between them. Sorted without duplicates, so the values a
    /// given integer type can hold form one slice.
    ints: Vec<i128>,
    /// For each [`IntKind`] (by `kind as usize`), the slice of `ints` its type can hold:
    /// computed once, since a draw asks for every integer gene.
    int_ranges: [(usize, usize); IntKind::ALL.len()],
    /// Float literals, sorted by total order, without duplicates. Each is drawn with its two
    /// neighbours one ulp away, in the precision of the gene (`x < 0.5` flips between them).
    floats: Vec<f64>,
    /// Genes of the char literals and of every char of the string literals.
    chars: Vec<u128>,
    /// String literals and each char literal as a one-char string, as lists of char genes.
    strings: Vec<Vec<Value>>,
    /// Byte string literals, as lists of `u8` genes: a whole `&[u8]` or `Vec<u8>` takes one.
    bytes: Vec<Vec<Value>>,
    /// The used values of inputs that covered new branches, learned as the search goes.
    learned: Learned,
}

impl Pool {
    /// The pool of `constants`, the literals `#[symtest]` found in the function body.
    pub fn new(constants: &[Constant]) -> Pool {
        let mut ints = Vec::new();
        let mut floats = Vec::new();
        let mut chars = Vec::new();
        let mut strings: Vec<String> = Vec::new();
        let mut bytes: Vec<&[u8]> = Vec::new();
        for constant in constants {
            match *constant {
                Constant::Int(value) => {
                    ints.extend([value.checked_sub(1), Some(value), value.checked_add(1)]);
                }
                Constant::Float(value) => floats.push(value),
                Constant::Char(c) => {
                    chars.push(c);
                    strings.push(c.to_string());
                }
                Constant::Str(text) => {
                    chars.extend(text.chars());
                    strings.push(text.to_owned());
                }
                Constant::Bytes(text) => bytes.push(text),
            }
        }
        bytes.sort_unstable();
        bytes.dedup();
        let mut ints: Vec<i128> = ints.into_iter().flatten().collect();
        ints.sort_unstable();
        ints.dedup();
        floats.sort_by(f64::total_cmp);
        floats.dedup_by(|a, b| a.to_bits() == b.to_bits());
        chars.sort_unstable();
        chars.dedup();
        strings.sort_unstable();
        strings.dedup();
        let text = |s: &String| s.chars().map(|c| Value::Int(gene_of_char(c))).collect();
        Pool {
            int_ranges: IntKind::ALL.map(|kind| fitting(&ints, kind)),
            ints,
            floats,
            chars: chars.into_iter().map(gene_of_char).collect(),
            strings: strings.iter().map(text).collect(),
            bytes: (bytes.iter())
                .map(|text| text.iter().map(|&b| Value::Int(u128::from(b))).collect())
                .collect(),
            learned: Learned::default(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.ints.is_empty()
            && self.floats.is_empty()
            && self.chars.is_empty()
            && self.strings.is_empty()
            && self.bytes.is_empty()
            && self.learned.is_empty()
    }

    /// Learns the used values of `value`, an input of `shape` that covered new branches (see
    /// [`Learned`]): later draws for string genes offer its strings among the literals, and
    /// [`reuse`](super::used::reuse) its other values.
    pub fn learn(&self, shape: &Shape, value: &Value) {
        self.learned.learn(shape, value, &self.strings);
    }

    /// Learns `value`, a part of an input of shape `shape` made along a path of its
    /// constructors no earlier one took, as a kind of its shape (see
    /// [`Learned::learn_kind`]), and with the values used within it.
    pub fn learn_kind(&self, shape: &Shape, value: &Value) {
        self.learned
            .learn_kind(shape, super::used::class(shape), value);
        let whole = Shape::Tuple(vec![shape.clone()]);
        self.learn(&whole, &Value::List(vec![value.clone()]));
    }

    /// The `index`-th kind of value of `shape`, whose class is `class`.
    pub fn kind(&self, shape: &Shape, class: u64, index: usize) -> Option<Value> {
        self.learned.kind(shape, class, index)
    }

    /// How many values of the shape of class `class` the pool learned.
    pub fn learned_count(&self, class: u64) -> usize {
        self.learned.count(class)
    }

    /// The `index`-th learned value of `shape`, whose class is `class`.
    pub fn learned_value(&self, shape: &Shape, class: u64, index: usize) -> Option<Value> {
        self.learned.value(shape, class, index)
    }

    /// With probability [`P_SEED`], a value of the pool for a gene of `shape` (an integer,
    /// float, char or whole string), chosen uniformly among those that fit it; `None`
    /// otherwise. Draws no random number at all when the pool has nothing that fits `shape`.
    ///
    /// Integers outside the type's range are skipped, floats are rounded to `f32` for `f32`
    /// genes (and their neighbours taken in `f32`), strings are cut to `max_len` chars.
    ///
    /// A string gene draws among the literals and the strings the search learned (see
    /// [`Learned`]) alike.
    pub fn draw(&self, shape: &Shape, rng: &mut Rng) -> Option<Value> {
        let count = self.count(shape);
        if count == 0 || !rng.random_bool(P_SEED) {
            return None;
        }
        let index = rng.random_range(0..count);
        Some(match shape {
            Shape::Int(kind) => Value::Int(kind.offset_of_signed(self.ints_of(*kind)[index])),
            Shape::Float(kind) => {
                let literal = kind.round(self.floats[index / 3]);
                Value::Float(match index % 3 {
                    0 => literal,
                    1 => floats::adjacent(*kind, literal, Direction::Down),
                    _ => floats::adjacent(*kind, literal, Direction::Up),
                })
            }
            Shape::Char => Value::Int(self.chars[index]),
            Shape::Str { max_len } => match index.checked_sub(self.strings.len()) {
                None => Value::List(self.strings[index].iter().take(*max_len).cloned().collect()),
                Some(learned) => self.learned.string(learned, *max_len),
            },
            Shape::Seq { max_len, .. } => {
                Value::List(self.bytes[index].iter().take(*max_len).cloned().collect())
            }
            _ => return None,
        })
    }

    /// How many candidates the pool has for a gene of `shape`.
    fn count(&self, shape: &Shape) -> usize {
        match shape {
            Shape::Int(kind) => self.ints_of(*kind).len(),
            Shape::Float(_) => self.floats.len() * 3,
            Shape::Char => self.chars.len(),
            Shape::Str { .. } => self.strings.len() + self.learned.strings(),
            Shape::Seq { item, .. } if **item == Shape::Int(IntKind::U8) => self.bytes.len(),
            _ => 0,
        }
    }

    /// The integers of the pool a value of `kind` can hold.
    fn ints_of(&self, kind: IntKind) -> &[i128] {
        let (start, end) = self.int_ranges[kind as usize];
        &self.ints[start..end]
    }
}

/// Where the values of sorted `ints` that `kind`'s type can hold start and end.
fn fitting(ints: &[i128], kind: IntKind) -> (usize, usize) {
    let (min, max) = if kind.signed() {
        (kind.signed_value(0), kind.signed_value(kind.max_offset()))
    } else {
        (0, i128::try_from(kind.max_offset()).unwrap_or(i128::MAX))
    };
    let start = ints.partition_point(|&value| value < min);
    let end = ints.partition_point(|&value| value <= max);
    (start, end)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::learned::LEARNED_STRINGS;
    use crate::genes::{FloatKind, Input, char_of_gene};

    fn rng(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }

    /// Every value `shape` draws from `pool` in 2000 tries, decoded by `decode`.
    fn drawn<T>(pool: &Pool, shape: &Shape, decode: impl Fn(&Value) -> T) -> Vec<T> {
        let mut rng = rng(1);
        (0..2000)
            .filter_map(|_| pool.draw(shape, &mut rng))
            .map(|value| decode(&value))
            .collect()
    }

    #[test]
    fn integer_literals_bring_their_boundary_values() {
        let pool = Pool::new(&[Constant::Int(10), Constant::Int(-3), Constant::Int(10)]);
        assert_eq!(pool.ints, [-4, -3, -2, 9, 10, 11]);
        let extremes = Pool::new(&[Constant::Int(i128::MIN), Constant::Int(i128::MAX)]);
        assert_eq!(
            extremes.ints,
            [i128::MIN, i128::MIN + 1, i128::MAX - 1, i128::MAX]
        );
    }

    #[test]
    fn integers_outside_the_gene_type_are_skipped() {
        let pool = Pool::new(&[Constant::Int(300), Constant::Int(-1), Constant::Int(7)]);
        let u8s = drawn(&pool, &Shape::Int(IntKind::U8), u8::decode);
        assert!(u8s.iter().all(|x| [6, 7, 8, 0].contains(x)), "{u8s:?}");
        assert!(
            u8s.contains(&0) && u8s.contains(&8),
            "-1 + 1 and 7 + 1 fit a u8"
        );
        let u32s = drawn(&pool, &Shape::Int(IntKind::U32), u32::decode);
        assert!(u32s.iter().all(|x| [0, 6, 7, 8, 299, 300, 301].contains(x)));
        let i8s = drawn(&pool, &Shape::Int(IntKind::I8), i8::decode);
        assert!(i8s.iter().all(|x| [-2, -1, 0, 6, 7, 8].contains(x)));
        assert!(i8s.contains(&-2), "signed genes keep negative values");
        let none = Pool::new(&[Constant::Int(1000)]);
        let mut rng = rng(2);
        assert_eq!(none.draw(&Shape::Int(IntKind::U8), &mut rng), None);
        assert_eq!(rng, self::rng(2), "no candidate, no random number drawn");
    }

    #[test]
    fn wide_integer_types_take_the_extreme_literals() {
        let pool = Pool::new(&[Constant::Int(i128::MIN), Constant::Int(i128::MAX)]);
        let i128s = drawn(&pool, &Shape::Int(IntKind::I128), i128::decode);
        assert!(i128s.contains(&i128::MIN) && i128s.contains(&i128::MAX));
        let u128s = drawn(&pool, &Shape::Int(IntKind::U128), u128::decode);
        let max = i128::MAX as u128;
        assert!(u128s.iter().all(|x| [max - 1, max, max + 1].contains(x)));
    }

    #[test]
    fn strings_give_chars_and_chars_give_one_char_strings() {
        let pool = Pool::new(&[Constant::Str("ab"), Constant::Char('z')]);
        let chars: Vec<char> = pool.chars.iter().map(|&g| char_of_gene(g)).collect();
        assert_eq!(chars, ['a', 'b', 'z']);
        let strings = drawn(&pool, &Shape::Str { max_len: 8 }, String::decode);
        assert!(strings.iter().all(|s| s == "ab" || s == "z"));
        let cut = drawn(&pool, &Shape::Str { max_len: 1 }, String::decode);
        assert!(cut.iter().all(|s| s == "a" || s == "z"), "cut to max_len");
    }

    #[test]
    fn byte_strings_are_drawn_whole_for_byte_lists_only() {
        let pool = Pool::new(&[Constant::Bytes(b"CVE"), Constant::Bytes(b"CVE")]);
        assert_eq!(pool.bytes.len(), 1);
        let lists = drawn(&pool, &Vec::<u8>::shape(), Vec::<u8>::decode);
        assert!(
            !lists.is_empty() && lists.iter().all(|b| b == b"CVE"),
            "{lists:?}"
        );
        assert!(drawn(&pool, &Vec::<u16>::shape(), Vec::<u16>::decode).is_empty());
        assert!(drawn(&pool, &String::shape(), String::decode).is_empty());
        let cut = Shape::Seq {
            item: Box::new(Shape::Int(IntKind::U8)),
            max_len: 2,
        };
        assert!(
            drawn(&pool, &cut, Vec::<u8>::decode)
                .iter()
                .all(|b| b == b"CV")
        );
    }

    #[test]
    fn floats_come_with_their_ulp_neighbours_in_the_precision_of_the_gene() {
        let pool = Pool::new(&[Constant::Float(0.1), Constant::Float(0.1)]);
        assert_eq!(pool.floats, [0.1]);
        let sorted = |mut values: Vec<f64>| {
            values.sort_by(f64::total_cmp);
            values.dedup();
            values
        };
        let f32s = drawn(&pool, &Shape::Float(FloatKind::F32), Value::as_float);
        let tenth = 0.1f32;
        let expected = [tenth.next_down(), tenth, tenth.next_up()].map(f64::from);
        assert_eq!(sorted(f32s), expected);
        let f64s = drawn(&pool, &Shape::Float(FloatKind::F64), Value::as_float);
        assert_eq!(sorted(f64s), [0.1f64.next_down(), 0.1, 0.1f64.next_up()]);
    }

    #[test]
    fn the_pool_is_used_about_p_seed_of_the_time() {
        let pool = Pool::new(&[Constant::Int(5)]);
        let draws = drawn(&pool, &Shape::Int(IntKind::I32), i32::decode).len();
        assert!((340..460).contains(&draws), "{draws} of 2000");
    }

    #[test]
    fn learned_strings_are_drawn_among_the_literals_the_latest_kept() {
        let pool = Pool::new(&[Constant::Str("-")]);
        let text = |s: &str| Value::List(s.chars().map(|c| Value::Int(gene_of_char(c))).collect());
        let shape = Shape::Tuple(vec![
            Shape::Str { max_len: 8 },
            Shape::Option(Box::new(Shape::Str { max_len: 8 })),
        ]);
        let absent = Value::List(vec![Value::Int(0), text("absent")]);
        let input = |s: &str| Value::List(vec![text(s), absent.clone()]);
        pool.learn(&shape, &input("1.2-rc"));
        pool.learn(&shape, &input("-"));
        pool.learn(&shape, &input(""));
        let strings = drawn(&pool, &Shape::Str { max_len: 4 }, String::decode);
        let literals = strings.iter().filter(|s| *s == "-").count();
        let learned = strings.iter().filter(|s| *s == "1.2-").count();
        assert_eq!(
            literals + learned,
            strings.len(),
            "cut to max_len; no absent payload, no literal twice, no empty string: {strings:?}"
        );
        // A fifth of 2000 draws, half of them each.
        assert!((340..460).contains(&strings.len()), "{}", strings.len());
        assert!((130..270).contains(&literals), "{literals}");
        for n in 0..LEARNED_STRINGS {
            pool.learn(&shape, &input(&n.to_string()));
        }
        let strings = drawn(&pool, &Shape::Str { max_len: 8 }, String::decode);
        assert!(
            !strings.contains(&"1.2-rc".to_owned()),
            "the oldest is dropped"
        );
        assert!(strings.contains(&(LEARNED_STRINGS - 1).to_string()));
        pool.learn(&shape, &input("0"));
        pool.learn(&shape, &input("new"));
        let strings = drawn(&pool, &Shape::Str { max_len: 8 }, String::decode);
        assert!(
            strings.contains(&"0".to_owned()),
            "learned again, kept as the latest"
        );
        assert!(!strings.contains(&"1".to_owned()));
    }

    #[test]
    fn an_empty_pool_offers_nothing_for_any_shape() {
        let pool = Pool::new(&[]);
        assert!(pool.is_empty());
        assert_eq!(pool, Pool::default());
        let mut rng = rng(3);
        for shape in [
            Shape::Int(IntKind::I64),
            Shape::Float(FloatKind::F64),
            Shape::Char,
            Shape::Str { max_len: 4 },
            Shape::Bool,
        ] {
            assert_eq!(pool.draw(&shape, &mut rng), None);
        }
        assert_eq!(rng, self::rng(3));
    }
}
