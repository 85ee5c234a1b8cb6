//! The parts of `halfroot report` that measure nothing, as a small library so that
//! their unit tests build without the report's measuring code (which instantiates
//! every field type and takes minutes to compile in release mode):
//!
//! - [`markdown`]: the aligned markdown tables every section prints;
//! - [`timing`]: the median-of-batches wall-clock measurement;
//! - [`paper_avanzi`]: Avanzi's Tables 3 and 4, transcribed;
//! - [`targets`]: the scoreboard judging the issues' speed targets on a run's JSON;
//! - [`crrl`]: builds and runs the separate `peers/crrl-bench` (crrl's GFb127, GLS254).
#![deny(unsafe_code)]

pub mod crrl;
pub mod markdown;
pub mod paper_avanzi;
pub mod targets;
pub mod timing;
