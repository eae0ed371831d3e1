package dev.cardtable.engine.scoundrel.solver;

import java.util.Arrays;

/**
 * What is known about winning positions that differ only in health. More health never hurts:
 * every line that survives from a position survives from the same position with more health (a
 * potion's cap at 20 keeps the order), so winnability is monotone in health. One entry per
 * position-without-health holds the least health known to win, with the move that wins, and the
 * most health known to lose. Open addressing on a 128-bit key, growing as it fills.
 */
final class WinTable {

    /** Above every health: nothing known to win. */
    static final int NO_WIN = Integer.MAX_VALUE;
    /** Below every health: nothing known to lose. */
    static final int NO_LOSS = Integer.MIN_VALUE;

    private long[] key1;
    private long[] key2;
    private int[] leastWin;
    private int[] mostLoss;
    private int[] move;
    private boolean[] used;
    private int size;
    private int mask;

    WinTable(int initialCapacity) {
        allocate(Integer.highestOneBit(Math.max(16, initialCapacity) - 1) << 1);
    }

    private void allocate(int cap) {
        key1 = new long[cap];
        key2 = new long[cap];
        leastWin = new int[cap];
        mostLoss = new int[cap];
        move = new int[cap];
        used = new boolean[cap];
        mask = cap - 1;
        size = 0;
    }

    /** Empties the table, keeping its memory. */
    void clear() {
        Arrays.fill(used, false);
        size = 0;
    }

    /** The slot of the key, or -1. */
    int find(long k1, long k2) {
        int i = (int) k1 & mask;
        while (used[i]) {
            if (key1[i] == k1 && key2[i] == k2) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    int leastWin(int slot) {
        return leastWin[slot];
    }

    int mostLoss(int slot) {
        return mostLoss[slot];
    }

    int move(int slot) {
        return move[slot];
    }

    /** Records that health {@code health} wins with {@code winningMove}. */
    void win(long k1, long k2, int health, int winningMove) {
        int i = slot(k1, k2);
        if (health < leastWin[i]) {
            leastWin[i] = health;
            move[i] = winningMove;
        }
    }

    /** Records that health {@code health} loses whatever is played. */
    void loss(long k1, long k2, int health) {
        int i = slot(k1, k2);
        mostLoss[i] = Math.max(mostLoss[i], health);
    }

    private int slot(long k1, long k2) {
        if ((size + 1) * 2 > key1.length) {
            grow();
        }
        int i = (int) k1 & mask;
        while (used[i]) {
            if (key1[i] == k1 && key2[i] == k2) {
                return i;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        key1[i] = k1;
        key2[i] = k2;
        leastWin[i] = NO_WIN;
        mostLoss[i] = NO_LOSS;
        size++;
        return i;
    }

    private void grow() {
        long[] k1 = key1;
        long[] k2 = key2;
        int[] w = leastWin;
        int[] l = mostLoss;
        int[] m = move;
        boolean[] u = used;
        allocate(k1.length * 2);
        for (int i = 0; i < k1.length; i++) {
            if (u[i]) {
                int j = (int) k1[i] & mask;
                while (used[j]) {
                    j = (j + 1) & mask;
                }
                used[j] = true;
                key1[j] = k1[i];
                key2[j] = k2[i];
                leastWin[j] = w[i];
                mostLoss[j] = l[i];
                move[j] = m[i];
                size++;
            }
        }
    }
}
