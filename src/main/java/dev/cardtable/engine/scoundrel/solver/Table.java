package dev.cardtable.engine.scoundrel.solver;

import java.util.Arrays;

/**
 * The transposition table: open addressing on a 128-bit position key (two independent 64-bit
 * hashes), growing as it fills. Each entry holds a value that is exact, a lower or an upper
 * bound, and the best move found.
 */
final class Table {

    static final int EXACT = 1;
    static final int LOWER = 2;
    static final int UPPER = 3;

    private long[] key1;
    private long[] key2;
    private int[] value;
    private int[] info;
    private int size;
    private int mask;

    Table(int initialCapacity) {
        int cap = Integer.highestOneBit(Math.max(16, initialCapacity) - 1) << 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        key1 = new long[cap];
        key2 = new long[cap];
        value = new int[cap];
        info = new int[cap];
        mask = cap - 1;
        size = 0;
    }

    /** Empties the table, keeping its memory. */
    void clear() {
        Arrays.fill(info, 0);
        size = 0;
    }

    /** The slot of the key, or -1. */
    int find(long k1, long k2) {
        int i = (int) k1 & mask;
        while (info[i] != 0) {
            if (key1[i] == k1 && key2[i] == k2) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    int value(int slot) {
        return value[slot];
    }

    /** {@link #EXACT}, {@link #LOWER} or {@link #UPPER}. */
    int kind(int slot) {
        return info[slot] & 3;
    }

    int move(int slot) {
        return (info[slot] >>> 2) - 2;
    }

    /**
     * Stores a value for the key: {@link #EXACT}, or a bound ({@link #LOWER}: the score is at
     * least {@code v}; {@link #UPPER}: at most {@code v}), and the best move found.
     */
    void put(long k1, long k2, int v, int kind, int move) {
        if ((size + 1) * 2 > key1.length) {
            grow();
        }
        int i = (int) k1 & mask;
        while (info[i] != 0) {
            if (key1[i] == k1 && key2[i] == k2) {
                break;
            }
            i = (i + 1) & mask;
        }
        if (info[i] == 0) {
            size++;
        }
        key1[i] = k1;
        key2[i] = k2;
        value[i] = v;
        info[i] = ((move + 2) << 2) | kind;
    }

    private void grow() {
        long[] k1 = key1;
        long[] k2 = key2;
        int[] v = value;
        int[] in = info;
        allocate(k1.length * 2);
        for (int i = 0; i < k1.length; i++) {
            if (in[i] != 0) {
                int j = (int) k1[i] & mask;
                while (info[j] != 0) {
                    j = (j + 1) & mask;
                }
                key1[j] = k1[i];
                key2[j] = k2[i];
                value[j] = v[i];
                info[j] = in[i];
                size++;
            }
        }
    }

    int size() {
        return size;
    }
}
