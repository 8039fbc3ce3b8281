//! One module per kind of annotated item, built from the layers below: functions (`expand`),
//! impl blocks (`impls`, `associated`, `traits`, `sequence`, `forms`), structs and enums
//! (`types`), where an item sits in its file (`placement`), and skipped items (`skip`).

pub mod associated;
pub mod callable;
pub mod expand;
pub mod forms;
pub mod function;
pub mod impls;
pub mod placement;
pub mod sequence;
pub mod skip;
pub mod traits;
pub mod types;
