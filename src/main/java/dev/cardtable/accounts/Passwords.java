package dev.cardtable.accounts;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Password hashing with Argon2id (RFC 9106), by Bouncy Castle's {@link Argon2BytesGenerator}, at
 * the parameters of OWASP's Password Storage Cheat Sheet: {@value #MEMORY_KIB} KiB (19 MiB) of
 * memory, {@value #ITERATIONS} iterations, parallelism {@value #PARALLELISM}, a 16-byte random salt
 * and a 32-byte hash ({@code docs/api.md}, "Accounts and sessions"). A hash is kept in the PHC
 * string format, {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>} (base64 without padding),
 * so that it names its own parameters and a later change of them leaves older hashes valid.
 */
public final class Passwords {

    /** Memory, in KiB: 19 MiB. */
    public static final int MEMORY_KIB = 19 * 1024;
    /** Passes over the memory. */
    public static final int ITERATIONS = 2;
    /** Lanes. */
    public static final int PARALLELISM = 1;
    /** The shortest password taken, in characters (Unicode code points). */
    public static final int MIN_LENGTH = 8;
    /** The longest password taken, in characters (Unicode code points). */
    public static final int MAX_LENGTH = 256;

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODE = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getDecoder();

    /**
     * A hash of nothing anyone knows, verified against when a name has no password, so that a
     * wrong name costs what a wrong password costs.
     */
    static final String DUMMY = hash("dummy password " + RANDOM.nextLong());

    private Passwords() {
    }

    /** The PHC string of {@code password} with a fresh random salt. */
    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] out = derive(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$"
                + ENCODE.encodeToString(salt) + "$" + ENCODE.encodeToString(out);
    }

    /**
     * Whether {@code password} is the one hashed in {@code phc}, compared in constant time; false
     * for a string that is not an Argon2id PHC string.
     */
    public static boolean verify(String password, String phc) {
        String[] parts = phc.split("\\$");
        if (parts.length != 6 || !parts[1].equals("argon2id") || !parts[2].equals("v=19")) {
            return false;
        }
        int m = 0;
        int t = 0;
        int p = 0;
        for (String kv : parts[3].split(",")) {
            String[] pair = kv.split("=", 2);
            if (pair.length != 2) {
                return false;
            }
            int v;
            try {
                v = Integer.parseInt(pair[1]);
            } catch (NumberFormatException e) {
                return false;
            }
            switch (pair[0]) {
                case "m" -> m = v;
                case "t" -> t = v;
                case "p" -> p = v;
                default -> {
                    return false;
                }
            }
        }
        if (m < 8 || t < 1 || p < 1) {
            return false;
        }
        byte[] salt = DECODE.decode(parts[4]);
        byte[] expected = DECODE.decode(parts[5]);
        return MessageDigest.isEqual(expected, derive(password, salt, m, t, p, expected.length));
    }

    /** The length rule: null when {@code password} may be set, else what is wrong with it. */
    static String problem(String password) {
        if (password == null) {
            return "a JSON body with 'password' is required";
        }
        int n = password.codePointCount(0, password.length());
        if (n < MIN_LENGTH) {
            return "a password has at least " + MIN_LENGTH + " characters";
        }
        if (n > MAX_LENGTH) {
            return "a password has at most " + MAX_LENGTH + " characters";
        }
        return null;
    }

    private static byte[] derive(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withSalt(salt)
                .withMemoryAsKB(memoryKib)
                .withIterations(iterations)
                .withParallelism(parallelism)
                .build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(params);
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
