package dev.cardtable.platform.db;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server's secret, which signs what a client is handed and must give back unchanged: event-stream
 * tickets and the leaderboard's cursors. It is 32 random bytes in {@code stream_ticket_key}, made
 * once by whichever instance needs it first (insert on conflict, so concurrent instances agree) and
 * read by every instance of the database, so what one instance signs every other checks.
 */
@Singleton
public class ServerSecret {

    private static final String MAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    Db db;

    private volatile SecretKeySpec key;

    /**
     * HMAC-SHA256 of {@code payload} (its UTF-8 bytes) under the secret: 32 bytes. The first call on
     * an instance reads the secret from the primary (making it if there is none yet).
     */
    public byte[] mac(String payload) {
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(key());
            return mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java platform", e);
        }
    }

    /** Whether {@code given} is {@link #mac} of {@code payload}, compared in constant time. */
    public boolean verify(String payload, byte[] given) {
        return MessageDigest.isEqual(mac(payload), given);
    }

    private SecretKeySpec key() {
        SecretKeySpec k = key;
        if (k == null) {
            k = new SecretKeySpec(secret(), MAC);
            key = k;
        }
        return k;
    }

    /** The secret, made and stored first if there is none yet. */
    private byte[] secret() {
        return db.work(c -> {
            byte[] fresh = new byte[32];
            RANDOM.nextBytes(fresh);
            try (PreparedStatement ins = c.prepareStatement(
                    "insert into stream_ticket_key (id, secret) values (1, ?) on conflict do nothing")) {
                ins.setBytes(1, fresh);
                ins.executeUpdate();
            }
            try (PreparedStatement sel = c.prepareStatement("select secret from stream_ticket_key where id = 1");
                 ResultSet rs = sel.executeQuery()) {
                rs.next();
                return rs.getBytes(1);
            }
        });
    }
}
