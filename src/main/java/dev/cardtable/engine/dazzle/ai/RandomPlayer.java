package dev.cardtable.engine.dazzle.ai;

import dev.cardtable.engine.Player;
import dev.cardtable.engine.Rng;
import dev.cardtable.engine.dazzle.DazzleMove;
import dev.cardtable.engine.dazzle.DazzleView;

import java.util.List;

/** The {@code random} level: a uniformly random legal move ({@code dazzle.md}, "Computer opponents"). */
public final class RandomPlayer implements Player<DazzleView, DazzleMove> {

    /** Returns {@code legalMoves.get(rng.below(legalMoves.size()))}. */
    @Override
    public DazzleMove choose(DazzleView view, List<DazzleMove> legalMoves, Rng rng) {
        return legalMoves.get(rng.below(legalMoves.size()));
    }
}
