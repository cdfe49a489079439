//! What a grid state implies, shared by technique families: the strong/weak link model
//! ([`links`]), almost locked sets ([`als`]), GNPX's super links with the memoized forcing
//! evaluation ([`superlinks`]), HoDoKu's forcing proofs ([`forcing`]) and the components and
//! closures of implication graphs ([`components`]).

pub mod als;
pub mod components;
pub mod forcing;
pub mod links;
pub mod superlinks;
