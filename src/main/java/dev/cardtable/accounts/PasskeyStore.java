package dev.cardtable.accounts;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import io.quarkus.security.webauthn.WebAuthnCredentialRecord;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Passkeys in SQL ({@code account_passkeys}): the public half of each, by credential id and by player. */
@Singleton
public class PasskeyStore {

    private static final String COLUMNS = "k.credential_id, p.name, k.aaguid, k.public_key, k.algorithm, k.counter";

    @Inject
    Db db;

    /** The passkeys of the standing registration of {@code name} (any case); empty for none or no such name. */
    public List<WebAuthnCredentialRecord> byName(String name) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select " + COLUMNS + " from account_passkeys k join players p "
                    + "on p.id = k.player_id where lower(p.name) = lower(?) and p.revoked_at is null")) {
                ps.setString(1, name);
                List<WebAuthnCredentialRecord> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(record(rs));
                    }
                }
                return out;
            }
        });
    }

    /** The passkey of credential id {@code id} of a standing registration, or empty. */
    public Optional<WebAuthnCredentialRecord> byId(String id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select " + COLUMNS + " from account_passkeys k join players p "
                    + "on p.id = k.player_id where k.credential_id = ? and p.revoked_at is null")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(record(rs)) : Optional.empty();
                }
            }
        });
    }

    /** The player whose passkey {@code id} is, or empty. */
    public Optional<UUID> player(String id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("select player_id from account_passkeys where credential_id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getObject(1, UUID.class)) : Optional.empty();
                }
            }
        });
    }

    /** Stores player {@code playerId}'s new passkey. */
    public void add(UUID playerId, WebAuthnCredentialRecord record, Instant at) {
        WebAuthnCredentialRecord.RequiredPersistedData d = record.getRequiredPersistedData();
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    insert into account_passkeys (credential_id, player_id, aaguid, public_key, algorithm, counter, created_at)
                    values (?, ?, ?, ?, ?, ?, ?)""")) {
                ps.setString(1, d.credentialId());
                ps.setObject(2, playerId);
                ps.setObject(3, d.aaguid());
                ps.setBytes(4, d.publicKey());
                ps.setLong(5, d.publicKeyAlgorithm());
                ps.setLong(6, d.counter());
                SqlTimes.setTime(ps, 7, at);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Player {@code playerId}'s passkeys, newest first. */
    public List<PasskeyView> list(UUID playerId) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "select credential_id, created_at from account_passkeys where player_id = ? order by created_at desc, credential_id")) {
                ps.setObject(1, playerId);
                List<PasskeyView> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new PasskeyView(rs.getString(1), SqlTimes.time(rs, 2)));
                    }
                }
                return out;
            }
        });
    }

    /** Removes player {@code playerId}'s passkey {@code id}; false when it has none of that id. */
    public boolean remove(UUID playerId, String id) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from account_passkeys where player_id = ? and credential_id = ?")) {
                ps.setObject(1, playerId);
                ps.setString(2, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** Records passkey {@code id}'s signature counter after a sign-in. */
    public void counter(String id, long counter) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("update account_passkeys set counter = ? where credential_id = ?")) {
                ps.setLong(1, counter);
                ps.setString(2, id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Forgets player {@code playerId}'s passkeys (its registration ended). */
    public void forget(UUID playerId) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("delete from account_passkeys where player_id = ?")) {
                ps.setObject(1, playerId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    private static WebAuthnCredentialRecord record(ResultSet rs) throws SQLException {
        return WebAuthnCredentialRecord.fromRequiredPersistedData(new WebAuthnCredentialRecord.RequiredPersistedData(
                rs.getString(2), rs.getString(1), rs.getObject(3, UUID.class), rs.getBytes(4), rs.getLong(5), rs.getLong(6)));
    }
}
