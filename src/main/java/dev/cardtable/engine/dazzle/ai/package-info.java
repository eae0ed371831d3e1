/**
 * Dazzle's computer opponents ({@code dazzle.md}, "Computer opponents"): {@link
 * dev.cardtable.engine.dazzle.ai.RandomPlayer}, {@link dev.cardtable.engine.dazzle.ai.HeuristicPlayer}
 * and {@link dev.cardtable.engine.dazzle.ai.IsmctsPlayer}, weakest first, made by
 * {@link dev.cardtable.engine.dazzle.ai.DazzleOpponents}. The rules in
 * {@code dev.cardtable.engine.dazzle} know none of them. Each decides from its
 * seat's {@link dev.cardtable.engine.dazzle.DazzleView} and the legal moves alone — nothing here
 * can reach the game's state — and draws randomness only from the generator it is handed.
 */
package dev.cardtable.engine.dazzle.ai;
