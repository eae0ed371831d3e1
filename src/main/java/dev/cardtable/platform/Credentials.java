package dev.cardtable.platform;

import dev.cardtable.engine.Rng;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Seat tokens and server-made seeds. A token is 256 random bits, base64url without padding; only
 * its SHA-256 is stored, so a database dump grants no seat.
 */
public final class Credentials {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Credentials() {
    }

    /** A fresh seat token (43 characters). */
    public static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** What is stored for {@code token}: lower-case hex SHA-256. */
    public static String hash(String token) {
        return Rng.sha256Hex(token);
    }

    /** A server-made seed: 128 bits from a strong source, as 32 lower-case hex digits ({@code shuffle.md}). */
    public static String newSeed() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
