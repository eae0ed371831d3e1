package dev.cardtable.tournaments;

import dev.cardtable.platform.game.GameChanged;
import dev.cardtable.platform.game.GameReconciled;
import dev.cardtable.platform.game.GameWriter;
import dev.cardtable.platform.game.SeatRow;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Counts arena games ({@code docs/tournaments.md}, "Scoring") from the core's {@link GameChanged},
 * in the transaction of the game's ending: one statement claims the arena game's ending
 * ({@code update arena_games … where game_id = ? and ended_at is null returning …}), so a game
 * counts exactly once however often its ending is told; then both entries are locked in player-id
 * order and scored by {@link ArenaScoring}, and {@code result} and {@code standing} events are
 * stored. A game aborted or cancelled before its first move (no outcome for anyone) counts
 * nothing and frees both players. An abandoned game is a loss for the seat that was to act (whose
 * {@code abandon} ends the log) and a win for the other, as for ratings.
 */
@ApplicationScoped
public class ArenaResults {

    @Inject
    EntityManager em;

    @Inject
    ArenaEvents events;

    @Inject
    Arenas arenas;

    @Inject
    jakarta.enterprise.event.Event<ArenaFreed> freed;

    void onChange(@Observes GameChanged c) {
        if (c.ended() && c.seats().size() == 2 && c.seats().stream().allMatch(SeatRow::verified)) {
            count(c);
        }
    }

    /**
     * A game ended by a build that kept no arena rows: counted as it now stands, exactly as at its
     * ending (the claim of the ending makes a second count a no-op).
     */
    void onReconciled(@Observes GameReconciled r) {
        onChange(r.change());
    }

    @SuppressWarnings("unchecked")
    private void count(GameChanged c) {
        Instant at = c.finishedAt() != null ? c.finishedAt() : c.updatedAt();
        List<Object[]> claimed = em.createNativeQuery("update arena_games set ended_at = ?2 where game_id = ?1 "
                        + "and ended_at is null returning arena_id, player_a, player_b, name_a, name_b, rating_a, rating_b")
                .setParameter(1, c.gameId()).setParameter(2, at).getResultList();
        if (claimed.isEmpty()) {
            return; // not an arena game, or counted already
        }
        Object[] g = claimed.get(0);
        UUID arena = (UUID) g[0];
        UUID[] player = {(UUID) g[1], (UUID) g[2]};
        String[] name = {(String) g[3], (String) g[4]};
        int[] rating = {((Number) g[5]).intValue(), ((Number) g[6]).intValue()};
        ArenaScoring.Result[] result = results(c);
        // The entries in player-id order, then the arena's row (events): the order every writer keeps.
        List<Object[]> rows = em.createNativeQuery("select player_id, points, games, wins, draws, losses, streak, "
                        + "performance_sum from arena_players where arena_id = ?1 and player_id in (?2, ?3) "
                        + "order by player_id for update")
                .setParameter(1, arena).setParameter(2, player[0]).setParameter(3, player[1]).getResultList();
        if (result == null) {
            em.createNativeQuery("update arena_players set playing = null where arena_id = ?1 and player_id in (?2, ?3) "
                            + "and playing = ?4")
                    .setParameter(1, arena).setParameter(2, player[0]).setParameter(3, player[1])
                    .setParameter(4, c.gameId()).executeUpdate();
        } else {
            int[] points = new int[2];
            for (Object[] r : rows) {
                int seat = r[0].equals(player[0]) ? 0 : 1;
                ArenaScoring.Entry before = new ArenaScoring.Entry(((Number) r[1]).intValue(), ((Number) r[2]).intValue(),
                        ((Number) r[3]).intValue(), ((Number) r[4]).intValue(), ((Number) r[5]).intValue(),
                        ((Number) r[6]).intValue(), ((Number) r[7]).longValue());
                ArenaScoring.Counted counted = ArenaScoring.count(before, result[seat], rating[1 - seat]);
                ArenaScoring.Entry e = counted.after();
                points[seat] = counted.points();
                em.createNativeQuery("update arena_players set points = ?3, games = ?4, wins = ?5, draws = ?6, losses = ?7, "
                                + "streak = ?8, performance_sum = ?9, performance = ?10, "
                                + "playing = case when playing = ?11 then null else playing end "
                                + "where arena_id = ?1 and player_id = ?2")
                        .setParameter(1, arena).setParameter(2, player[seat]).setParameter(3, e.points())
                        .setParameter(4, e.games()).setParameter(5, e.wins()).setParameter(6, e.draws())
                        .setParameter(7, e.losses()).setParameter(8, e.streak()).setParameter(9, e.performanceSum())
                        .setParameter(10, e.performance()).setParameter(11, c.gameId()).executeUpdate();
            }
            em.createNativeQuery("update arena_games set result_a = ?2, result_b = ?3, points_a = ?4, points_b = ?5, "
                            + "counted = nextval('arena_games_counted_seq') where game_id = ?1")
                    .setParameter(1, c.gameId()).setParameter(2, result[0].word()).setParameter(3, result[1].word())
                    .setParameter(4, points[0]).setParameter(5, points[1]).executeUpdate();
            List<Map<String, Object>> told = new ArrayList<>();
            for (int seat = 0; seat < 2; seat++) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("player", name[seat]);
                m.put("result", result[seat].word());
                m.put("points", points[seat]);
                told.add(m);
            }
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("gameId", c.gameId());
            data.put("results", told);
            events.append(arena, "result", data);
        }
        for (UUID p : player) {
            arenas.entryOf(arena, p).ifPresent(e -> events.append(arena, "standing", e));
        }
        freed.fire(new ArenaFreed(arena));
    }

    /** Each seat's result, or null for a game that counts nothing (aborted, or its abandoner unknown). */
    private ArenaScoring.Result[] results(GameChanged c) {
        ArenaScoring.Result[] out = new ArenaScoring.Result[2];
        Integer abandoner = null;
        for (SeatRow s : c.seats()) {
            String o = s.outcome();
            if (GameWriter.ABANDONED.equals(o)) {
                if (abandoner == null) {
                    List<?> seat = em.createNativeQuery("select seat from moves where game_id = ?1 and seq = ?2")
                            .setParameter(1, c.gameId()).setParameter(2, c.version()).getResultList();
                    if (seat.isEmpty()) {
                        return null;
                    }
                    abandoner = ((Number) seat.get(0)).intValue();
                }
                out[s.seat()] = s.seat() == abandoner ? ArenaScoring.Result.LOST : ArenaScoring.Result.WON;
            } else {
                ArenaScoring.Result r = ArenaScoring.Result.of(o);
                if (r == null) {
                    return null;
                }
                out[s.seat()] = r;
            }
        }
        return out;
    }
}
