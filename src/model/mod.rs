//! What a grid state implies, shared by technique families: the strong/weak link model
//! ([`links`]), almost locked sets ([`als`]) and GNPX's super links with the memoized forcing
//! evaluation ([`superlinks`]).

pub mod als;
pub mod links;
pub mod superlinks;
