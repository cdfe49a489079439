//! What a grid state implies, shared by technique families: the strong/weak link model
//! ([`links`]), almost locked sets ([`als`]), GNPX's super links with the memoized forcing
//! evaluation ([`superlinks`]) and HoDoKu's forcing proofs ([`forcing`]).

pub mod als;
pub mod forcing;
pub mod links;
pub mod superlinks;
