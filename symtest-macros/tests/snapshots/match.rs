#[doc(hidden)]
#[allow(non_upper_case_globals)]
static __SYMTEST_META_f: ::symtest_runtime::__private::FunctionMeta = ::symtest_runtime::__private::FunctionMeta {
    name: "f",
    module_path: ::symtest_runtime::__private::core::module_path!(),
    file: ::symtest_runtime::__private::core::file!(),
    line: 1u32,
    params: &["x", "c"],
    returns: "&'static str",
    decisions: &[
        ::symtest_runtime::__private::DecisionMeta {
            kind: "match",
            line: 1u32,
            column: 46u32,
            text: "match x",
            outcomes: &["0", "1 | 2", "3..=9 if c == 'a'", "i32::MIN..0", "_"],
            control: &[],
            snapshot: &["c"],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "guard",
            line: 1u32,
            column: 100u32,
            text: "c == 'a'",
            outcomes: &["true", "false"],
            control: &[(0u32, 2u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "returns",
            line: 1u32,
            column: 0,
            text: "-> &'static str",
            outcomes: &["empty", "non-empty"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
    ],
    loops: &[],
    symbolic: ::symtest_runtime::__private::PathTable::new(
        "T1,0 F0,2 P0 C== v0 | i97 T1,1 F0,2 P0 C!= v0 | i97",
    ),
    paths: ::symtest_runtime::__private::Paths::new(
        "k2 b0 b1 p 0,0 p 0,1 p 0,3 p 0,4 p 0,2 1,0 p 0,2 1,1 0,3 p 0,2 1,1 0,4",
    ),
    shadow: ::symtest_runtime::__private::ShadowMeta {
        params: &[(0u32, 0u32), (1u32, 1u32)],
        locals: 2u32,
        fields: &[],
        param_fields: &[],
        changes_self: false,
        defs: &[],
        decisions: &[
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                    ],
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(1i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(2i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Or,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Unary(
                            ::symtest_runtime::__private::Unary::Not,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                    ],
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(3i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Ge,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(9i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Le,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Unary(
                            ::symtest_runtime::__private::Unary::Not,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(1i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(2i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Or,
                        ),
                        ::symtest_runtime::__private::STok::Unary(
                            ::symtest_runtime::__private::Unary::Not,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                    ],
                    &[],
                    &[],
                ],
                slots: &[0u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Char('a'),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                    ],
                ],
                slots: &[1u32],
                for_loop: false,
            },
        ],
        constants: &[
            ::symtest_runtime::__private::Constant::Int(0i128),
            ::symtest_runtime::__private::Constant::Str("zero"),
            ::symtest_runtime::__private::Constant::Int(1i128),
            ::symtest_runtime::__private::Constant::Int(2i128),
            ::symtest_runtime::__private::Constant::Str("small"),
            ::symtest_runtime::__private::Constant::Int(3i128),
            ::symtest_runtime::__private::Constant::Int(9i128),
            ::symtest_runtime::__private::Constant::Char('a'),
            ::symtest_runtime::__private::Constant::Str("digit a"),
            ::symtest_runtime::__private::Constant::Str("negative"),
            ::symtest_runtime::__private::Constant::Str("large"),
        ],
    },
    members: &[],
};
fn f(x: i32, c: char) -> &'static str {
    let __symtest_entered = if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::entered(
            &__SYMTEST_META_f,
            || -> [::symtest_runtime::__private::Probe; 2usize] {
                [
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(x))).shadow()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(c))).shadow()
                    },
                ]
            },
        )
    } else {
        ::symtest_runtime::__private::Entered::NONE
    };
    match x {
        ref __symtest_scrutinee if {
            if ::symtest_runtime::__private::concolic() {
                ::symtest_runtime::__private::shadow_at(
                    &__SYMTEST_META_f,
                    0u32,
                    || -> [::symtest_runtime::__private::Probe; 1usize] {
                        [
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    NoShadow as _, ViaShadow as _,
                                };
                                (&&::symtest_runtime::__private::Snap(&(x))).shadow()
                            },
                        ]
                    },
                );
            }
            ::symtest_runtime::__private::match_probe(
                &__SYMTEST_META_f,
                0u32,
                &[
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaOpaque as _, ViaOpaqueRange as _, ViaScalar as _,
                            ViaScalarRange as _,
                        };
                        (&&::symtest_runtime::__private::Operands(
                            __symtest_scrutinee,
                            &(0),
                        ))
                            .distances(::symtest_runtime::__private::CmpOp::Eq)
                    },
                    ::symtest_runtime::__private::or_distances(
                        {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                ViaOpaque as _, ViaOpaqueRange as _, ViaScalar as _,
                                ViaScalarRange as _,
                            };
                            (&&::symtest_runtime::__private::Operands(
                                __symtest_scrutinee,
                                &(1),
                            ))
                                .distances(::symtest_runtime::__private::CmpOp::Eq)
                        },
                        {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                ViaOpaque as _, ViaOpaqueRange as _, ViaScalar as _,
                                ViaScalarRange as _,
                            };
                            (&&::symtest_runtime::__private::Operands(
                                __symtest_scrutinee,
                                &(2),
                            ))
                                .distances(::symtest_runtime::__private::CmpOp::Eq)
                        },
                    ),
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaOpaque as _, ViaOpaqueRange as _, ViaScalar as _,
                            ViaScalarRange as _,
                        };
                        (&&::symtest_runtime::__private::RangeOperands(
                            __symtest_scrutinee,
                            ::symtest_runtime::__private::core::option::Option::Some(
                                &(3i128),
                            ),
                            ::symtest_runtime::__private::core::option::Option::Some(
                                &(9i128),
                            ),
                            true,
                        ))
                            .range_distances()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaOpaque as _, ViaOpaqueRange as _, ViaScalar as _,
                            ViaScalarRange as _,
                        };
                        (&&::symtest_runtime::__private::RangeOperands(
                            __symtest_scrutinee,
                            ::symtest_runtime::__private::core::option::Option::Some(
                                &(i32::MIN),
                            ),
                            ::symtest_runtime::__private::core::option::Option::Some(
                                &(0),
                            ),
                            false,
                        ))
                            .range_distances()
                    },
                    ::symtest_runtime::__private::core::option::Option::Some(
                        ::symtest_runtime::__private::Distances::opaque(true),
                    ),
                ],
            );
            false
        } => ::symtest_runtime::__private::core::unreachable!(),
        0 => {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 0usize);
            "zero"
        }
        1 | 2 => {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 1usize);
            "small"
        }
        3..=9 if {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 2usize);
            true
        }
            && (match (&(c), &('a')) {
                (__symtest_l, __symtest_r) => {
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::shadow_at(
                            &__SYMTEST_META_f,
                            1u32,
                            || -> [::symtest_runtime::__private::Probe; 1usize] {
                                [
                                    {
                                        #[allow(unused_imports)]
                                        use ::symtest_runtime::__private::{
                                            NoShadow as _, ViaShadow as _,
                                        };
                                        (&&::symtest_runtime::__private::Snap(&(c))).shadow()
                                    },
                                ]
                            },
                        );
                    }
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{ViaOpaque as _, ViaScalar as _};
                    ::symtest_runtime::__private::compared(
                        &__SYMTEST_META_f,
                        1u32,
                        *__symtest_l == *__symtest_r,
                        ::symtest_runtime::__private::CmpOp::Eq,
                        || {
                            (&&::symtest_runtime::__private::Operands(
                                __symtest_l,
                                __symtest_r,
                            ))
                                .relation(
                                    ::symtest_runtime::__private::LiteralSide::Neither,
                                )
                        },
                        (&&::symtest_runtime::__private::Operands(
                            __symtest_l,
                            __symtest_r,
                        ))
                            .distances(::symtest_runtime::__private::CmpOp::Eq),
                    )
                }
            }
                || {
                    ::symtest_runtime::__private::guard_failed(&__SYMTEST_META_f, 0u32);
                    false
                }) => "digit a",
        i32::MIN..0 => {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 3usize);
            "negative"
        }
        _ => {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 4usize);
            "large"
        }
    }
}
#[doc(hidden)]
#[allow(dead_code, deprecated)]
fn __symtest_subject_f() -> ::symtest_runtime::__private::Subject {
    #[allow(unused_imports)]
    use ::symtest_runtime::__private::{
        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _, ViaParse as _,
        NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _, ViaView as _,
    };
    ::symtest_runtime::__private::Subject {
        meta: &__SYMTEST_META_f,
        shape: ::symtest_runtime::__private::Shape::Tuple(
            ::symtest_runtime::__private::std::vec![
                ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: < i32 > ::NEW).shape()),
                ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: < char > ::NEW).shape())
            ],
        ),
        exec: |
            __symtest_value: &::symtest_runtime::__private::Value,
            capture: bool,
        | -> ::symtest_runtime::__private::Outcome {
            ::symtest_runtime::__private::lending(
                false,
                move || -> ::symtest_runtime::__private::Outcome {
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{
                        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                        ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _,
                        NoView as _, ViaView as _, NoLiteral as _, ViaLiteral as _,
                    };
                    let __symtest_arg0: i32 = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        0u32,
                        &[],
                        0usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<i32>::NEW)
                                    .build(__symtest_value.item(0usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<i32>::NEW)
                                    .decode(__symtest_value.item(0usize))
                            }
                        },
                    ) {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::Outcome::Invalid;
                        }
                    };
                    let __symtest_arg1: char = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        1u32,
                        &[],
                        1usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<char>::NEW)
                                    .build(__symtest_value.item(1usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<char>::NEW)
                                    .decode(__symtest_value.item(1usize))
                            }
                        },
                    ) {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::Outcome::Invalid;
                        }
                    };
                    let __symtest_pass0 = __symtest_arg0;
                    let __symtest_pass1 = __symtest_arg1;
                    match ::symtest_runtime::__private::catch(move || f(
                        __symtest_pass0,
                        __symtest_pass1,
                    )) {
                        ::symtest_runtime::__private::core::result::Result::Ok(
                            returned,
                        ) => {
                            let class: ::symtest_runtime::__private::core::option::Option<
                                usize,
                            > = ::symtest_runtime::__private::core::option::Option::Some(
                                usize::from(!returned.is_empty()),
                            );
                            if let ::symtest_runtime::__private::core::option::Option::Some(
                                class,
                            ) = class {
                                ::symtest_runtime::__private::output(
                                    &__SYMTEST_META_f,
                                    class,
                                );
                            }
                            if capture {
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        ViaDebug as _, ViaEq as _, ViaLiteral as _, NoDebug as _,
                                        NoEq as _, NoLiteral as _,
                                    };
                                    ::symtest_runtime::__private::Outcome::Returned {
                                        literal: (&&::symtest_runtime::__private::Rendered(
                                            &returned,
                                        ))
                                            .literal(),
                                        debug: (&&::symtest_runtime::__private::Rendered(&returned))
                                            .debug(),
                                        comparable: (&&::symtest_runtime::__private::Rendered(
                                            &returned,
                                        ))
                                            .comparable(),
                                    }
                                }
                            } else {
                                ::symtest_runtime::__private::Outcome::Returned {
                                    literal: ::symtest_runtime::__private::core::option::Option::None,
                                    debug: ::symtest_runtime::__private::core::option::Option::None,
                                    comparable: false,
                                }
                            }
                        }
                        ::symtest_runtime::__private::core::result::Result::Err(
                            outcome,
                        ) => outcome,
                    }
                },
            )
        },
        render: |
            __symtest_value: &::symtest_runtime::__private::Value,
        | -> ::symtest_runtime::__private::std::vec::Vec<
            ::symtest_runtime::__private::std::string::String,
        > {
            ::symtest_runtime::__private::lending(
                false,
                move || -> ::symtest_runtime::__private::std::vec::Vec<
                    ::symtest_runtime::__private::std::string::String,
                > {
                    #[allow(unused_imports)]
                    use ::symtest_runtime::__private::{
                        NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                        ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _,
                        NoView as _, ViaView as _, NoLiteral as _, ViaLiteral as _,
                    };
                    let __symtest_arg0: i32 = match (&&&&::symtest_runtime::__private::Arg::<
                        i32,
                    >::NEW)
                        .decode(__symtest_value.item(0usize))
                    {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::std::vec::Vec::new();
                        }
                    };
                    let __symtest_arg1: char = match (&&&&::symtest_runtime::__private::Arg::<
                        char,
                    >::NEW)
                        .decode(__symtest_value.item(1usize))
                    {
                        ::symtest_runtime::__private::core::option::Option::Some(
                            value,
                        ) => value,
                        ::symtest_runtime::__private::core::option::Option::None => {
                            return ::symtest_runtime::__private::std::vec::Vec::new();
                        }
                    };
                    ::symtest_runtime::__private::std::vec![
                        match (&& && ::symtest_runtime::__private::Arg:: < i32 > ::NEW)
                        .text(__symtest_value.item(0usize), "i32") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg0))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg0)), },
                        match (&& && ::symtest_runtime::__private::Arg:: < char > ::NEW)
                        .text(__symtest_value.item(1usize), "char") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg1))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg1)), }
                    ]
                },
            )
        },
        skipped: {
            #[allow(unused_imports)]
            use ::symtest_runtime::__private::{
                NoInput as _, ViaInput as _, ViaGenes as _, ViaConstructor as _,
                ViaParse as _, NoArg as _, NoToOwned as _, ViaToOwned as _, NoView as _,
                ViaView as _,
            };
            ::symtest_runtime::__private::unbuildable(
                &[
                    ::symtest_runtime::__private::Probed {
                        written: "i32",
                        parts: &["i32"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < i32 > ::NEW)
                            .shape().is_some()
                        ],
                    },
                    ::symtest_runtime::__private::Probed {
                        written: "char",
                        parts: &["char"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < char > ::NEW)
                            .shape().is_some()
                        ],
                    },
                ],
            )
        },
        left_out: ::symtest_runtime::__private::std::vec::Vec::new(),
        constants: {
            #[allow(unused_imports)]
            use ::symtest_runtime::__private::{
                ViaGenes as _, ViaConstructor as _, ViaParse as _, NoArg as _,
            };
            let mut constants: ::symtest_runtime::__private::std::vec::Vec<
                ::symtest_runtime::__private::Constant,
            > = ::symtest_runtime::__private::std::vec::Vec::new();
            constants
                .extend((&&&&::symtest_runtime::__private::Arg::<i32>::NEW).constants());
            constants
                .extend(
                    (&&&&::symtest_runtime::__private::Arg::<char>::NEW).constants(),
                );
            constants
        },
        generic: ::symtest_runtime::__private::core::option::Option::None,
        formats: ::symtest_runtime::__private::core::option::Option::None,
        result: ::symtest_runtime::__private::core::option::Option::None,
    }
}
#[cfg(test)]
#[test]
#[doc(hidden)]
fn __symtest_entry_f() {
    ::symtest_runtime::__private::run_entry(__symtest_subject_f());
}
