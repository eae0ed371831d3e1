/**
 * Ratings math: Glicko-2 ({@link dev.cardtable.engine.rating.Glicko2}) on
 * {@link dev.cardtable.engine.rating.Rating}s and {@link dev.cardtable.engine.rating.Outcome}s, pure
 * Java with no framework. The server's rated games apply it in {@code dev.cardtable.ratings};
 * {@code docs/ratings.md} states every parameter.
 */
package dev.cardtable.engine.rating;
