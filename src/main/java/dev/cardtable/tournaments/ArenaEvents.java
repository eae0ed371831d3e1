package dev.cardtable.tournaments;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardtable.platform.game.GameWriter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.UUID;

/**
 * The SQL of {@code arena_events} (migration V24): an arena's events in the order of their
 * {@code seq}, which {@link #append} takes from the arena's row ({@code arenas.event_seq}) by an
 * update, so that the events of one arena commit in the order of their seq and a stream that read
 * up to one seq never finds an earlier one later.
 */
@ApplicationScoped
public class ArenaEvents {

    /** One stored event. */
    public record Stored(long seq, String name, String data) {
    }

    @Inject
    EntityManager em;

    @Inject
    ObjectMapper json;

    @Inject
    ArenaBus bus;

    @Inject
    GameWriter writer;

    /**
     * Stores event {@code name} of arena {@code arena} with {@code data} (written as JSON), in the
     * caller's transaction, and wakes the arena's streams when it commits.
     *
     * @return its seq
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public long append(UUID arena, String name, Object data) {
        String text;
        try {
            text = json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        Number seq = (Number) em.createNativeQuery("update arenas set event_seq = event_seq + 1 where id = ?1 returning event_seq")
                .setParameter(1, arena).getSingleResult();
        em.createNativeQuery("insert into arena_events (arena_id, seq, name, data, created_at) values (?1, ?2, ?3, cast(?4 as jsonb), ?5)")
                .setParameter(1, arena).setParameter(2, seq.longValue()).setParameter(3, name).setParameter(4, text)
                .setParameter(5, writer.now()).executeUpdate();
        bus.stored(arena);
        return seq.longValue();
    }

    /** The last seq of arena {@code arena}'s events, 0 for none. */
    @Transactional
    public long last(UUID arena) {
        Number n = (Number) em.createNativeQuery("select event_seq from arenas where id = ?1").setParameter(1, arena)
                .getSingleResult();
        return n.longValue();
    }

    /** At most {@code limit} events of {@code arena} after seq {@code after}, in order. */
    @Transactional
    @SuppressWarnings("unchecked")
    public List<Stored> after(UUID arena, long after, int limit) {
        List<Object[]> rows = em.createNativeQuery("select seq, name, data::text from arena_events "
                        + "where arena_id = ?1 and seq > ?2 order by seq limit ?3")
                .setParameter(1, arena).setParameter(2, after).setParameter(3, limit).getResultList();
        return rows.stream().map(r -> new Stored(((Number) r[0]).longValue(), (String) r[1], (String) r[2])).toList();
    }
}
