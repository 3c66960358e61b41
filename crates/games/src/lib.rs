//! Reference games.
