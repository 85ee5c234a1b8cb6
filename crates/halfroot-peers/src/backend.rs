//! Raw FFI to the C shims in `shim/`, one file per peer library, each compiled only when
//! the build script found that library. These are the only files with `unsafe`; each
//! exposes small safe functions that check every length and terminator the C side relies
//! on, and returns the shim's status code for the public modules to interpret.

#[cfg(peer_flint)]
pub(crate) mod flint;
#[cfg(peer_gmp)]
pub(crate) mod gmp;
#[cfg(peer_openssl)]
pub(crate) mod openssl;
#[cfg(peer_pari)]
pub(crate) mod pari;
#[cfg(peer_xs233)]
pub(crate) mod xs233;

#[cfg(any(peer_openssl, peer_gmp, peer_flint))]
mod cstr;
#[cfg(any(peer_openssl, peer_gmp, peer_flint))]
use cstr::static_str;
