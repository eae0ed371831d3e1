package dev.cardtable.engine;

/** How a finished game ended for one seat. */
public enum Outcome {
    WON, LOST, DRAWN
}
