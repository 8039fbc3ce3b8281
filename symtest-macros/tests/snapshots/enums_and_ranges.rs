#[doc(hidden)]
#[allow(non_upper_case_globals)]
static __SYMTEST_META_f: ::symtest_runtime::__private::FunctionMeta = ::symtest_runtime::__private::FunctionMeta {
    name: "f",
    module_path: ::symtest_runtime::__private::core::module_path!(),
    file: ::symtest_runtime::__private::core::file!(),
    line: 1u32,
    params: &["v", "year", "s"],
    returns: "bool",
    decisions: &[
        ::symtest_runtime::__private::DecisionMeta {
            kind: "match",
            line: 1u32,
            column: 74u32,
            text: "match v",
            outcomes: &["Some(0)", "Some(n) if n < 10", "Some(_) | None"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "guard",
            line: 1u32,
            column: 115u32,
            text: "n < 10",
            outcomes: &["true", "false"],
            control: &[(0u32, 1u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "condition",
            line: 1u32,
            column: 163u32,
            text: "small",
            outcomes: &["true", "false"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "condition",
            line: 1u32,
            column: 172u32,
            text: "(1972..=2016).contains(&year)",
            outcomes: &["true", "false"],
            control: &[(2u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "condition",
            line: 1u32,
            column: 213u32,
            text: "s.is_empty()",
            outcomes: &["true", "false"],
            control: &[(3u32, 0u32)],
            snapshot: &[],
            compiled: &[],
        },
        ::symtest_runtime::__private::DecisionMeta {
            kind: "returns",
            line: 1u32,
            column: 0,
            text: "-> bool",
            outcomes: &["true", "false"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        },
    ],
    loops: &[],
    symbolic: ::symtest_runtime::__private::PathTable::new(
        "T1,0 F0,1 P1 T1,1 F0,1 P1 T3,0 F2,0 P1 T3,1 F2,0 P1 T4,0 F3,0 P1 F2,0 P2 T4,1 F3,0 P1 F2,0 P2",
    ),
    paths: ::symtest_runtime::__private::Paths::new(
        "k2 b0 b1 b2 b3 b4 p 0,0 2,1 p 0,2 2,1 p 0,0 2,0 3,1 p 0,1 1,0 2,1 p 0,2 2,0 3,1 p 0,0 2,0 3,0 4,0 p 0,0 2,0 3,0 4,1 p 0,1 1,0 2,0 3,1 p 0,1 1,1 0,2 2,1 p 0,2 2,0 3,0 4,0 p 0,2 2,0 3,0 4,1 p 0,1 1,0 2,0 3,0 4,0 p 0,1 1,0 2,0 3,0 4,1 p 0,1 1,1 0,2 2,0 3,1 p 0,1 1,1 0,2 2,0 3,0 4,0 p 0,1 1,1 0,2 2,0 3,0 4,1",
    ),
    shadow: ::symtest_runtime::__private::ShadowMeta {
        params: &[(0u32, 0u32), (1u32, 1u32), (2u32, 2u32)],
        locals: 5u32,
        fields: &[],
        param_fields: &[
            ::symtest_runtime::__private::ParamField {
                local: 4u32,
                param: 0u32,
                variant: "Some",
                member: "0",
                names: &[],
                variants: &[],
                tested: false,
                genes: <() as ::symtest_runtime::__private::Input>::field_genes,
            },
        ],
        changes_self: false,
        defs: &[
            ::symtest_runtime::__private::Def {
                local: 3u32,
                value: &[::symtest_runtime::__private::STok::Bool(true)],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 3u32,
                value: &[::symtest_runtime::__private::STok::Bool(true)],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[],
            },
            ::symtest_runtime::__private::Def {
                local: 3u32,
                value: &[::symtest_runtime::__private::STok::Bool(false)],
                at: ::symtest_runtime::__private::core::option::Option::None,
                slots: &[],
            },
        ],
        decisions: &[
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                    ],
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
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
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsNone,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Or,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsSome,
                            1u8,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(0i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Eq,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                        ::symtest_runtime::__private::STok::Unary(
                            ::symtest_runtime::__private::Unary::Not,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
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
                        ::symtest_runtime::__private::STok::Int(10i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Lt,
                        ),
                    ],
                ],
                slots: &[4u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[&[::symtest_runtime::__private::STok::Slot(0u16)]],
                slots: &[3u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(1972i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Ge,
                        ),
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Int(2016i128),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::Le,
                        ),
                        ::symtest_runtime::__private::STok::Binary(
                            ::symtest_runtime::__private::Binary::And,
                        ),
                    ],
                ],
                slots: &[1u32],
                for_loop: false,
            },
            ::symtest_runtime::__private::DecisionShadow {
                outcomes: &[
                    &[
                        ::symtest_runtime::__private::STok::Slot(0u16),
                        ::symtest_runtime::__private::STok::Call(
                            ::symtest_runtime::__private::Method::IsEmpty,
                            1u8,
                        ),
                    ],
                ],
                slots: &[2u32],
                for_loop: false,
            },
        ],
        constants: &[
            ::symtest_runtime::__private::Constant::Int(0i128),
            ::symtest_runtime::__private::Constant::Int(10i128),
            ::symtest_runtime::__private::Constant::Int(1972i128),
            ::symtest_runtime::__private::Constant::Int(2016i128),
        ],
    },
    members: &[],
};
fn f(v: Option<u8>, year: i32, s: &[u8]) -> bool {
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
                        (&&::symtest_runtime::__private::Snap(&(v))).shadow()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(year))).shadow()
                    },
                    {
                        #[allow(unused_imports)]
                        use ::symtest_runtime::__private::{
                            NoShadow as _, ViaShadow as _,
                        };
                        (&&::symtest_runtime::__private::Snap(&(s))).shadow()
                    },
                ]
            },
        )
    } else {
        ::symtest_runtime::__private::Entered::NONE
    };
    let small = match v {
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
                                (&&::symtest_runtime::__private::Snap(&(v))).shadow()
                            },
                        ]
                    },
                );
            }
            ::symtest_runtime::__private::match_probe(
                &__SYMTEST_META_f,
                0u32,
                &[
                    ::symtest_runtime::__private::core::option::Option::None,
                    ::symtest_runtime::__private::core::option::Option::None,
                    ::symtest_runtime::__private::core::option::Option::None,
                ],
            );
            false
        } => ::symtest_runtime::__private::core::unreachable!(),
        Some(0) => {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 0usize);
            {
                #[allow(unreachable_code, unused_variables)]
                let __symtest_bound = {
                    let __symtest_pre_0 = if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::def_pre(
                            &__SYMTEST_META_f,
                            0u32,
                            || -> [::symtest_runtime::__private::Probe; 0usize] { [] },
                        )
                    } else {
                        ::symtest_runtime::__private::Pre::NONE
                    };
                    let __symtest_bound = true;
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::def(
                            &__SYMTEST_META_f,
                            0u32,
                            __symtest_pre_0,
                            || ::symtest_runtime::__private::probe_generic(
                                &(__symtest_bound),
                            ),
                        );
                    }
                    __symtest_bound
                };
                __symtest_bound
            }
        }
        Some(
            n,
        ) if {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 1usize);
            true
        }
            && (match (&(n), &(10)) {
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
                                        (&&::symtest_runtime::__private::Snap(&(n))).shadow()
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
                        *__symtest_l < *__symtest_r,
                        ::symtest_runtime::__private::CmpOp::Lt,
                        || {
                            (&&::symtest_runtime::__private::Operands(
                                __symtest_l,
                                __symtest_r,
                            ))
                                .relation(::symtest_runtime::__private::LiteralSide::Right)
                        },
                        (&&::symtest_runtime::__private::Operands(
                            __symtest_l,
                            __symtest_r,
                        ))
                            .distances(::symtest_runtime::__private::CmpOp::Lt),
                    )
                }
            }
                || {
                    ::symtest_runtime::__private::guard_failed(&__SYMTEST_META_f, 0u32);
                    false
                }) => {
            #[allow(unreachable_code, unused_variables)]
            let __symtest_bound = {
                let __symtest_pre_1 = if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::def_pre(
                        &__SYMTEST_META_f,
                        1u32,
                        || -> [::symtest_runtime::__private::Probe; 0usize] { [] },
                    )
                } else {
                    ::symtest_runtime::__private::Pre::NONE
                };
                let __symtest_bound = true;
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::def(
                        &__SYMTEST_META_f,
                        1u32,
                        __symtest_pre_1,
                        || ::symtest_runtime::__private::probe_generic(
                            &(__symtest_bound),
                        ),
                    );
                }
                __symtest_bound
            };
            __symtest_bound
        }
        Some(_) | None => {
            ::symtest_runtime::__private::arm(&__SYMTEST_META_f, 0u32, 2usize);
            {
                #[allow(unreachable_code, unused_variables)]
                let __symtest_bound = {
                    let __symtest_pre_2 = if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::def_pre(
                            &__SYMTEST_META_f,
                            2u32,
                            || -> [::symtest_runtime::__private::Probe; 0usize] { [] },
                        )
                    } else {
                        ::symtest_runtime::__private::Pre::NONE
                    };
                    let __symtest_bound = false;
                    if ::symtest_runtime::__private::concolic() {
                        ::symtest_runtime::__private::def(
                            &__SYMTEST_META_f,
                            2u32,
                            __symtest_pre_2,
                            || ::symtest_runtime::__private::probe_generic(
                                &(__symtest_bound),
                            ),
                        );
                    }
                    __symtest_bound
                };
                __symtest_bound
            }
        }
    };
    {
        let __symtest_j: bool = {
            let __symtest_j: bool = {
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
                                    (&&::symtest_runtime::__private::Snap(&(small))).shadow()
                                },
                            ]
                        },
                    );
                }
                ::symtest_runtime::__private::branch_opaque(
                    &__SYMTEST_META_f,
                    2u32,
                    small,
                )
            };
            if __symtest_j
                == ::symtest_runtime::__private::junction(&__SYMTEST_META_f, 3u32, true)
            {
                __symtest_j
            } else {
                match ((1972..=2016), &year) {
                    (__symtest_range, __symtest_value) => {
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
                                            (&&::symtest_runtime::__private::Snap(&(year))).shadow()
                                        },
                                    ]
                                },
                            );
                        }
                        ::symtest_runtime::__private::branch(
                            &__SYMTEST_META_f,
                            3u32,
                            __symtest_range.contains(__symtest_value),
                            {
                                #[allow(unused_imports)]
                                use ::symtest_runtime::__private::{
                                    ViaOpaqueRange as _, ViaScalarRange as _,
                                };
                                let (low, high, inclusive) = ::symtest_runtime::__private::range_bounds(
                                    &__symtest_range,
                                );
                                (&&::symtest_runtime::__private::RangeOperands(
                                    __symtest_value,
                                    low,
                                    high,
                                    inclusive,
                                ))
                                    .range_distances()
                            },
                        )
                    }
                }
            }
        };
        if __symtest_j
            == ::symtest_runtime::__private::junction(&__SYMTEST_META_f, 4u32, true)
        {
            __symtest_j
        } else {
            !{
                if ::symtest_runtime::__private::concolic() {
                    ::symtest_runtime::__private::shadow_at(
                        &__SYMTEST_META_f,
                        4u32,
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
                ::symtest_runtime::__private::branch_opaque(
                    &__SYMTEST_META_f,
                    4u32,
                    s.is_empty(),
                )
            }
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
                ::symtest_runtime::__private::Arg:: < Option < u8 > > ::NEW).shape()),
                ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: < i32 > ::NEW).shape()),
                ::symtest_runtime::__private::shape_or_none((&& &&
                ::symtest_runtime::__private::Arg:: <
                ::symtest_runtime::__private::std::vec::Vec < u8 > > ::NEW).shape())
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
                    let __symtest_arg0: Option<u8> = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        0u32,
                        &[],
                        0usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<Option<u8>>::NEW)
                                    .build(__symtest_value.item(0usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<Option<u8>>::NEW)
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
                    let __symtest_arg1: i32 = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        1u32,
                        &[],
                        1usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<i32>::NEW)
                                    .build(__symtest_value.item(1usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<i32>::NEW)
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
                    let __symtest_arg2: ::symtest_runtime::__private::std::vec::Vec<
                        u8,
                    > = match ::symtest_runtime::__private::argument_at(
                        ::symtest_runtime::__private::core::option::Option::None,
                        2u32,
                        &[],
                        2usize,
                        |at| match at {
                            ::symtest_runtime::__private::core::option::Option::Some(
                                at,
                            ) => {
                                (&&&&::symtest_runtime::__private::Arg::<
                                    ::symtest_runtime::__private::std::vec::Vec<u8>,
                                >::NEW)
                                    .build(__symtest_value.item(2usize), at)
                            }
                            ::symtest_runtime::__private::core::option::Option::None => {
                                (&&&&::symtest_runtime::__private::Arg::<
                                    ::symtest_runtime::__private::std::vec::Vec<u8>,
                                >::NEW)
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
                    let __symtest_pass1 = __symtest_arg1;
                    let __symtest_pass2 = &__symtest_arg2;
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
                                usize::from(!returned),
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
                    let __symtest_arg0: Option<u8> = match (&&&&::symtest_runtime::__private::Arg::<
                        Option<u8>,
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
                    let __symtest_arg1: i32 = match (&&&&::symtest_runtime::__private::Arg::<
                        i32,
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
                    let __symtest_arg2: ::symtest_runtime::__private::std::vec::Vec<
                        u8,
                    > = match (&&&&::symtest_runtime::__private::Arg::<
                        ::symtest_runtime::__private::std::vec::Vec<u8>,
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
                        match (&& && ::symtest_runtime::__private::Arg:: < Option < u8 >
                        > ::NEW).text(__symtest_value.item(0usize), "Option<u8>") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg0))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg0)), },
                        match (&& && ::symtest_runtime::__private::Arg:: < i32 > ::NEW)
                        .text(__symtest_value.item(1usize), "i32") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "", text) }
                        ::symtest_runtime::__private::core::option::Option::None => (&&
                        ::symtest_runtime::__private::Rendered(& __symtest_arg1))
                        .literal().unwrap_or_else(||
                        ::symtest_runtime::__private::unwritable(& __symtest_arg1)), },
                        match (&& && ::symtest_runtime::__private::Arg:: <
                        ::symtest_runtime::__private::std::vec::Vec < u8 > > ::NEW)
                        .text(__symtest_value.item(2usize), "Vec<u8>") {
                        ::symtest_runtime::__private::core::option::Option::Some(text) =>
                        { ::symtest_runtime::__private::std::format!("{}{}", "&", text) }
                        ::symtest_runtime::__private::core::option::Option::None => { let
                        borrowed : & [u8] = & __symtest_arg2; (&&
                        ::symtest_runtime::__private::Rendered(& borrowed)).literal()
                        .unwrap_or_else(|| ::symtest_runtime::__private::unwritable(&
                        borrowed)) }, }
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
                        written: "Option<u8>",
                        parts: &["u8", "Option<u8>"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < u8 > ::NEW)
                            .shape().is_some(), (&& &&
                            ::symtest_runtime::__private::Arg:: < Option < u8 > > ::NEW)
                            .shape().is_some()
                        ],
                    },
                    ::symtest_runtime::__private::Probed {
                        written: "i32",
                        parts: &["i32"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < i32 > ::NEW)
                            .shape().is_some()
                        ],
                    },
                    ::symtest_runtime::__private::Probed {
                        written: "&[u8]",
                        parts: &["u8", "Vec<u8>"],
                        builds: ::symtest_runtime::__private::std::vec![
                            (&& && ::symtest_runtime::__private::Arg:: < u8 > ::NEW)
                            .shape().is_some(), (&& &&
                            ::symtest_runtime::__private::Arg:: <
                            ::symtest_runtime::__private::std::vec::Vec < u8 > > ::NEW)
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
                .extend(
                    (&&&&::symtest_runtime::__private::Arg::<Option<u8>>::NEW)
                        .constants(),
                );
            constants
                .extend((&&&&::symtest_runtime::__private::Arg::<i32>::NEW).constants());
            constants
                .extend(
                    (&&&&::symtest_runtime::__private::Arg::<
                        ::symtest_runtime::__private::std::vec::Vec<u8>,
                    >::NEW)
                        .constants(),
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
