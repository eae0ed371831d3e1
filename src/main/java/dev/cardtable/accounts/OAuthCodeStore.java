package dev.cardtable.accounts;

import dev.cardtable.platform.db.Db;
import dev.cardtable.platform.db.SqlTimes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * OAuth 2.0 authorization codes in SQL ({@code oauth_codes}; RFC 6749 4.1, RFC 7636): stored as
 * the SHA-256 of their text, claimed once by one statement, and kept for {@link #KEPT} after they
 * expire so that a code presented again can revoke the token it was exchanged for.
 */
@Singleton
public class OAuthCodeStore {

    /** How long a code's row outlives its expiry before the next new code sweeps it away. */
    static final Duration KEPT = Duration.ofHours(1);

    /**
     * A code as it was granted.
     *
     * @param playerId      the player who approved it
     * @param clientId      the client it was granted to (a URL)
     * @param redirectUri   the redirect URI of the authorization request, exactly as sent
     * @param scopes        the scopes granted, by name
     * @param codeChallenge the PKCE S256 challenge (base64url)
     * @param expiresAt     when it stops being exchangeable
     */
    public record Code(UUID playerId, String clientId, String redirectUri, List<String> scopes, String codeChallenge,
                       Instant expiresAt) {
    }

    @Inject
    Db db;

    /**
     * Stores a new code whose text hashes to {@code codeHash}, granted at {@code now}, and sweeps
     * away the codes that expired more than {@link #KEPT} before.
     */
    public void add(String codeHash, Code code, Instant now) {
        db.work(c -> {
            try (PreparedStatement sweep = c.prepareStatement("delete from oauth_codes where expires_at < ?");
                 PreparedStatement ps = c.prepareStatement("""
                         insert into oauth_codes (code_hash, player_id, client_id, redirect_uri, scopes, code_challenge,
                                                  created_at, expires_at)
                         values (?, ?, ?, ?, ?, ?, ?, ?)""")) {
                SqlTimes.setTime(sweep, 1, now.minus(KEPT));
                sweep.executeUpdate();
                ps.setString(1, codeHash);
                ps.setObject(2, code.playerId());
                ps.setString(3, code.clientId());
                ps.setString(4, code.redirectUri());
                ps.setArray(5, c.createArrayOf("text", code.scopes().toArray()));
                ps.setString(6, code.codeChallenge());
                SqlTimes.setTime(ps, 7, now);
                SqlTimes.setTime(ps, 8, code.expiresAt());
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Claims the code whose text hashes to {@code codeHash} for one exchange, at {@code now}: in
     * one statement, so that of two exchanges at once only one gets it.
     *
     * @return the code, or empty when there is none of that text or it was claimed already
     */
    public Optional<Code> claim(String codeHash, Instant now) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    update oauth_codes set used_at = ? where code_hash = ? and used_at is null
                    returning player_id, client_id, redirect_uri, scopes, code_challenge, expires_at""")) {
                SqlTimes.setTime(ps, 1, now);
                ps.setString(2, codeHash);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new Code(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
                            scopes(rs), rs.getString(5), SqlTimes.time(rs, 6)));
                }
            }
        });
    }

    /** Records that the code whose text hashes to {@code codeHash} was exchanged for token {@code tokenId}. */
    public void exchanged(String codeHash, UUID tokenId) {
        db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("update oauth_codes set token_id = ? where code_hash = ?")) {
                ps.setObject(1, tokenId);
                ps.setString(2, codeHash);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * A code already used was presented again (RFC 6749 4.1.2): revokes the token it was exchanged
     * for, if any.
     *
     * @return whether a token was revoked
     */
    public boolean reused(String codeHash) {
        return db.work(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    delete from access_tokens where id =
                        (select token_id from oauth_codes where code_hash = ? and used_at is not null)""")) {
                ps.setString(1, codeHash);
                return ps.executeUpdate() > 0;
            }
        });
    }

    private static List<String> scopes(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        for (Object o : (Object[]) rs.getArray(4).getArray()) {
            out.add((String) o);
        }
        return out;
    }
}
