package dev.cardtable.challenges;

import dev.cardtable.platform.GameException;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.PlayerRow;
import dev.cardtable.platform.game.RegisteredPlayers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Reading challenges ({@code docs/api.md}, "Challenges"): a player's pending ones, in and out, and
 * one challenge as either of its players sees it. Changing them is {@link Challenges}.
 */
@ApplicationScoped
public class ChallengeQueries implements ChallengeReads {

    /** The pending challenges made to player ?1 as of ?2, oldest first: walks {@code challenges_in_idx}. */
    static final String PENDING_IN = "select * from challenges where dest_id = ?1 and status = 'pending' and expires_at > ?2 "
            + "order by created_at";
    /** The pending challenges player ?1 made, as of ?2, oldest first: walks {@code challenges_out_idx}. */
    static final String PENDING_OUT = "select * from challenges where challenger_id = ?1 and status = 'pending' "
            + "and expires_at > ?2 order by created_at";

    @Inject
    RegisteredPlayers players;

    @Inject
    GameWriter writer;

    @Inject
    ChallengeViews views;

    @Inject
    EntityManager em;

    /**
     * The pending challenges of the player whose key is {@code key} ({@code GET /api/challenges}).
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid}
     */
    @Transactional
    public ChallengeList list(String key) {
        PlayerRow me = players.required(key, Challenges.KEY_REQUIRED);
        Instant now = writer.now();
        return pending(me.id(), now);
    }

    /**
     * The pending challenges of player {@code playerId}, in and out, for its event stream's
     * snapshot ({@code docs/api.md}, "A player's event stream").
     */
    @Override
    @Transactional
    public ChallengeList pendingOf(UUID playerId) {
        return pending(playerId, writer.now());
    }

    private ChallengeList pending(UUID playerId, Instant now) {
        return new ChallengeList(pending(PENDING_IN, playerId, now), pending(PENDING_OUT, playerId, now));
    }

    private List<ChallengeView> pending(String sql, UUID playerId, Instant now) {
        @SuppressWarnings("unchecked")
        List<ChallengeEntity> rows = em.createNativeQuery(sql, ChallengeEntity.class).setParameter(1, playerId)
                .setParameter(2, now).getResultList();
        return rows.stream().map(c -> views.view(c, now)).toList();
    }

    /**
     * Challenge {@code id} as one of its two players sees it.
     *
     * @throws GameException {@code player-key-required}, {@code player-key-invalid},
     *                       {@code challenge-not-found} (also for a player who is neither side)
     */
    @Transactional
    public ChallengeView get(UUID id, String key) {
        PlayerRow me = players.required(key, Challenges.KEY_REQUIRED);
        ChallengeEntity c = ChallengeEntity.findById(id);
        if (c == null || !(me.id().equals(c.challengerId) || me.id().equals(c.destId))) {
            throw Challenges.notFound();
        }
        return views.view(c, writer.now());
    }
}
