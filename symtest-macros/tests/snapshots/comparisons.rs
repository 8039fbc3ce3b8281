#[doc(hidden)]
#[allow(non_upper_case_globals)]
static __SYMTEST_META_f: ::symtest_runtime::__private::FunctionMeta = ::symtest_runtime::__private::FunctionMeta {
    name: "f",
    module_path: ::symtest_runtime::__private::core::module_path!(),
    file: ::symtest_runtime::__private::core::file!(),
    line: 1u32,
    params: &["a", "s", "flag"],
    returns: "u8",
    decisions: &[
        ::symtest_runtime::__private::DecisionMeta {
            kind: "if",
            line: 1u32,
            column: 53u32,
            text: "a > 10",
            outcomes: &["true", "false"],
            control: &[],
            snapshot: &["flag"],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "if",
            line: 1u32,
            column: 64u32,
            text: "s == \"x\"",
            outcomes: &["true", "false"],
            control: &[(0u32, 0u32)],
            snapshot: &["flag"],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "if",
            line: 1u32,
            column: 78u32,
            text: "flag",
            outcomes: &["true", "false"],
            control: &[(1u32, 1u32)],
            snapshot: &["flag"],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "if",
            line: 1u32,
            column: 98u32,
            text: "flag",
            outcomes: &["true", "false"],
            control: &[(0u32, 1u32), (2u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "returns",
            line: 1u32,
            column: 0,
            text: "-> u8",
            outcomes: &["zero", "positive"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
    ],
    loops: &[],
    symbolic: ::symtest_runtime::__private::PathTable::new(
        "T1,0 F0,0 P1 T1,1 F0,0 P1 T2,0 F1,1 P0 C? v0 F0,0 P1 C? v0 T2,1 F1,1 P0 C? v0 ! F0,0 P1 C? v0 ! T3,0 F0,1 P0 C? v0 F2,0 P0 C? v0 F1,1 P0 C? v0 C? v0 F0,0 P1 C? v0 C? v0 T3,1 F0,1 P0 C? v0 ! F2,0 P0 C? v0 ! F1,1 P0 C? v0 C? v0 ! F0,0 P1 C? v0 C? v0 !",
    ),
    paths: ::symtest_runtime::__private::Paths::new(
        "k2 b0 b1 b2 b3 p 0,0 1,0 p 0,1 3,0 p 0,1 3,1 p 0,0 1,1 2,1 p 0,0 1,1 2,0 3,0 p 0,0 1,1 2,0 3,1",
    ),
    shadow: ::symtest_runtime::__private::ShadowMeta {
        params: &[(0u32, 0u32), (1u32, 1u32), (2u32, 2u32)],
        locals: 3u32,
        fields: &[],
        param_fields: &[],
        changes_self: false,
        defs: &[],
        decisions: &[
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(10i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Gt,
                        ),
                    ],
                ],
                slots: &[0u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Str("x"),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                    ],
                ],
                slots: &[1u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[&[::symtest_runtime::__private::STok::Slot(0u16)]],
                slots: &[2u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[&[::symtest_runtime::__private::STok::Slot(0u16)]],
                slots: &[2u32],
                for_loop: false,
            },
        ],
        constants: &[
            ::symtest_runtime::__private::Constant::Int(10i128),
            ::symtest_runtime::__private::Constant::Str("x"),
            ::symtest_runtime::__private::Constant::Int(1i128),
            ::symtest_runtime::__private::Constant::Int(2i128),
            ::symtest_runtime::__private::Constant::Int(3i128),
        ],
    },
    members: &[],
};
fn f(a: i32, s: &str, flag: bool) -> u8 {
    let __symtest_entered = if ::symtest_runtime::__private::concolic() {
        ::symtest_runtime::__private::entered(
            &__SYMTEST_META_f,
            || -> [::symtest_runtime::__private::Probe; 3usize] {
                [
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(a))).shadow()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(s))).shadow()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(flag))).shadow()
                    },
                ]
            },
        )
    } else {
        ::symtest_runtime::__private::Entered::NONE
    };
    if {
        let __symtest_j: bool = match (&(a), &(10)) {
            (__symtest_l, __symtest_r) => {
                ::symtest_runtime::__private::snapshot(
                    &__SYMTEST_META_f,
                    0u32,
                    &[
                        {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                NoSnap as _, ViaScalarSnap as _,
                            };
                            (&&::symtest_runtime::__private::Snap(&flag)).value()
                        },
                    ],
                );
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
                                    (&&::symtest_runtime::__private::Snap(&(a))).shadow()
                                },
                            ]
                        },
                    );
                }
                #[allow(unused_imports)]
                use ::symtest_runtime::__private::{ViaOpaque as _, ViaScalar as _};
                ::symtest_runtime::__private::compared(
                    &__SYMTEST_META_f,
                    0u32,
                    *__symtest_l > *__symtest_r,
                    ::symtest_runtime::__private::CmpOp::Gt,
                    || {
                        (&&::symtest_runtime::__private::Operands(
                            __symtest_l,
                            __symtest_r,
                        ))
                            .relation(::symtest_runtime::__private::LiteralSide::Right)
                    },
                    (&&::symtest_runtime::__private::Operands(__symtest_l, __symtest_r))
                        .distances(::symtest_runtime::__private::CmpOp::Gt),
                )
            }
        };
        if __symtest_j
            == ::symtest_runtime::__private::junction(&__SYMTEST_META_f, 1u32, true)
        {
            __symtest_j
        } else {
            {
                let __symtest_j: bool = match (&(s), &("x")) {
                    (__symtest_l, __symtest_r) => {
                        ::symtest_runtime::__private::snapshot(
                            &__SYMTEST_META_f,
                            1u32,
                            &[
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoSnap as _, ViaScalarSnap as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&flag)).value()
                                },
                            ],
                        );
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
                                            (&&::symtest_runtime::__private::Snap(&(s))).shadow()
                                        },
                                    ]
                                },
                            );
                        }
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            ViaOpaque as _, ViaScalar as _,
                        };
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
                };
                if __symtest_j
                    == ::symtest_runtime::__private::junction(
                        &__SYMTEST_META_f,
                        2u32,
                        false,
                    )
                {
                    __symtest_j
                } else {
                    !{
                        ::symtest_runtime::__private::snapshot(
                            &__SYMTEST_META_f,
                            2u32,
                            &[
                                {
                                    #[allow(unused_imports)]
                                    use ::symtest_runtime::__private::{
                                        NoSnap as _, ViaScalarSnap as _,
                                    };
                                    (&&::symtest_runtime::__private::Snap(&flag)).value()
                                },
                            ],
                        );
                        if ::symtest_runtime::__private::concolic() {
                            ::symtest_runtime::__private::shadow_at(
                                &__SYMTEST_META_f,
                                2u32,
                                || -> [::symtest_runtime::__private::Probe; 1usize] {
                                    [
                                        {
                                            #[allow(unused_imports)]
                                            use ::symtest_runtime::__private::{
                                                NoShadow as _, ViaShadow as _,
                                            };
                                            (&&::symtest_runtime::__private::Snap(&(flag))).shadow()
                                        },
                                    ]
                                },
                            );
                        }
                        ::symtest_runtime::__private::branch_opaque(
                            &__SYMTEST_META_f,
                            2u32,
                            flag,
                        )
                    }
                }
            }
        }
    } {
        1
    } else if {
        if ::symtest_runtime::__private::concolic() {
            ::symtest_runtime::__private::shadow_at(
                &__SYMTEST_META_f,
                3u32,
                || -> [::symtest_runtime::__private::Probe; 1usize] {
                    [
                        {
                            #[allow(unused_imports)]
                            use ::symtest_runtime::__private::{
                                NoShadow as _, ViaShadow as _,
                            };
                            (&&::symtest_runtime::__private::Snap(&(flag))).shadow()
                        },
                    ]
                },
            );
        }
        ::symtest_runtime::__private::branch_opaque(&__SYMTEST_META_f, 3u32, flag)
    } {
        2
    } else {
        3
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
                ::symtest_runtime::__private::Arg:: <
                ::symtest_runtime::__private::std::string::String > ::NEW).shape()),
                ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: < bool > ::NEW).shape())
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
                    let __symtest_arg1: ::symtest_runtime::__private::std::string::String = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        1u32,
                        &[],
                        1usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<
                                    ::symtest_runtime::__private::std::string::String,
                                >::NEW)
                                    .build(__symtest_value.item(1usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<
                                    ::symtest_runtime::__private::std::string::String,
                                >::NEW)
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
                    let __symtest_arg2: bool = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        2u32,
                        &[],
                        2usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<bool>::NEW)
                                    .build(__symtest_value.item(2usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<bool>::NEW)
                                    .decode(__symtest_value.item(2usize))
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
                    let __symtest_pass1 = &__symtest_arg1;
                    let __symtest_pass2 = __symtest_arg2;
                    match ::symtest_runtime::__private::catch(move || f(
                        __symtest_pass0,
                        __symtest_pass1,
                        __symtest_pass2,
                    )) {
                        ::symtest_runtime::__private::core::result::Result::Ok(
                            returned,
                        ) => {
                            let class: ::symtest_runtime::__private::core::option::Option<
                                usize,
                            > = ::symtest_runtime::__private::core::option::Option::Some(
                                usize::from(returned != 0),
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
                    let __symtest_arg1: ::symtest_runtime::__private::std::string::String = match (&&&&::symtest_runtime::__private::Arg::<
                        ::symtest_runtime::__private::std::string::String,
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
                    let __symtest_arg2: bool = match (&&&&::symtest_runtime::__private::Arg::<
                        bool,
                    >::NEW)
                        .decode(__symtest_value.item(2usize))
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
                        match (&& && ::symtest_runtime::__private::Arg:: <
                        ::symtest_runtime::__private::std::string::String > ::NEW)
                        .text(__symtest_value.item(1usize), "String") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "&", text) }
                        ::symtest_runtime::__private::core::option::Option::None => { let
                        borrowed : & str = & __symtest_arg1; (&&
                        ::symtest_runtime::__private::Rendered(& borrowed)).literal()
                        .unwrap_or_else(|| ::symtest_runtime::__private::unwritable(&
                        borrowed)) }, }, match (&& && ::symtest_runtime::__private::Arg::
                        < bool > ::NEW).text(__symtest_value.item(2usize), "bool") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg2))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg2)), }
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
                        written: "&str",
                        parts: &["String"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: <
                            ::symtest_runtime::__private::std::string::String > ::NEW)
                            .shape().is_some()
                        ],
                    },
                    ::symtest_runtime::__private::Probed {
                        written: "bool",
                        parts: &["bool"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < bool > ::NEW)
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
                    (&&&&::symtest_runtime::__private::Arg::<
                        ::symtest_runtime::__private::std::string::String,
                    >::NEW)
                        .constants(),
                );
            constants
                .extend(
                    (&&&&::symtest_runtime::__private::Arg::<bool>::NEW).constants(),
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
