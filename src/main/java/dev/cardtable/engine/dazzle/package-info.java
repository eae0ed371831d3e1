/**
 * Dazzle, a two-player card game by the Japanese game-design circle 賽苑 (Saien), 2010, also sold
 * as "4 Seasons". The game and its name belong to its authors; this package implements the rules
 * as {@code dazzle.md} describes them.
 *
 * <p>{@link dev.cardtable.engine.dazzle.DazzleRules} is the entry point: the value-fair deal,
 * legal moves, applying moves, scoring, and {@link dev.cardtable.engine.dazzle.DazzleRules#view},
 * the one place where hidden colours are removed. The computer opponents live in
 * {@code dev.cardtable.engine.dazzle.ai} and see nothing but views.
 */
package dev.cardtable.engine.dazzle;
