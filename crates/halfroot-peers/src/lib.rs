//! peers
