package dev.cardtable.engine;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * SplitMix64, exactly as {@code shuffle.md} ("Generator: SplitMix64") publishes it. Mutable and
 * not thread-safe: each deal, and each computer opponent, owns its own instance.
 */
public final class Rng {

    private long state;

    /** A generator whose 64-bit state is {@code state}. */
    public Rng(long state) {
        this.state = state;
    }

    /**
     * The generator for {@code seed}: its state is the first 8 bytes, big-endian, of
     * SHA-256(UTF-8 bytes of the seed) ({@code shuffle.md}, "Seed").
     */
    public static Rng fromSeed(String seed) {
        byte[] digest = sha256(seed);
        long s = 0;
        for (int i = 0; i < 8; i++) {
            s = (s << 8) | (digest[i] & 0xFF);
        }
        return new Rng(s);
    }

    /** The current 64-bit state. */
    public long state() {
        return state;
    }

    /** The next 64-bit output. */
    public long next() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The unsigned remainder of {@link #next()} divided by {@code n}: {@code 0 <= result < n}. */
    public int below(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("n must be positive: " + n);
        }
        return (int) Long.remainderUnsigned(next(), n);
    }

    /**
     * Shuffles {@code items} in place by Fisher–Yates ({@code shuffle.md}, "Shuffle"): for
     * {@code i} from {@code n - 1} down to 1, swap {@code i} with {@code below(i + 1)}.
     */
    public <T> void shuffle(List<T> items) {
        for (int i = items.size() - 1; i >= 1; i--) {
            int j = below(i + 1);
            T t = items.get(i);
            items.set(i, items.get(j));
            items.set(j, t);
        }
    }

    /**
     * The public commitment to {@code seed}: lower-case hex of SHA-256("commit:" + seed)
     * ({@code shuffle.md}, "Fairness").
     */
    public static String commitment(String seed) {
        return hex(sha256("commit:" + seed));
    }

    /** Lower-case hex of SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256Hex(String text) {
        return hex(sha256(text));
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return sb.toString();
    }
}
