package dev.cardtable.watching;

import dev.cardtable.platform.db.Db;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/**
 * The secret that signs event-stream tickets ({@code stream_ticket_key}): 32 random bytes, made
 * once by whichever instance needs it first (insert on conflict, so concurrent instances agree)
 * and read by every instance of the database.
 */
@Singleton
public class TicketKeyStore {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    Db db;

    /** The secret, made and stored first if there is none yet. Must be called inside a transaction. */
    public byte[] secret() {
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
