-- Read models of a later release stay right beside an earlier one (docs/operations.md, "Upgrades",
-- "Read models across builds"). Expand only.
--
-- V20 marks every change of a game (created, its status, who sits at a seat) in read_model_pending,
-- and a build that keeps its read models removes the mark in the change's own transaction. That
-- protects read models from builds that keep none, but not a read model a release adds (arenas'
-- points, the deals' ratings) from the release before it: that build keeps the read models it
-- knows, so it removes the mark of a change it made, and the new read model never hears of it.
--
-- So the marks now carry a generation: the number of the set of read models of the build that
-- must hear of the change. A release that adds a read model raises the generation in a migration
-- that replaces read_model_mark_game and read_model_mark_seat below; its build removes and
-- reconciles only the marks of its generation and below (platform.game.ReadModelUpkeep.GENERATION),
-- so a change made by an older build stays marked for a newer one. Generation 2 is this release's
-- (0.7.0: arenas, rated Scoundrel); the builds before it remove only read_model_pending's marks,
-- which no longer receives any, and reconcile nothing.
create table read_model_marks (
    game_id    uuid        not null references games (id) on delete cascade,
    generation integer     not null check (generation >= 1),
    since      timestamptz not null default now(),
    primary key (game_id, generation)
);

create index read_model_marks_since_idx on read_model_marks (since, game_id);

-- Marks an older build left for the reconcile step are still due.
insert into read_model_marks (game_id, generation, since) select game_id, 1, since from read_model_pending;
delete from read_model_pending;

create or replace function read_model_mark_game() returns trigger language plpgsql as $$
begin
    insert into read_model_marks (game_id, generation) values (new.id, 2) on conflict do nothing;
    return null;
end
$$;

create or replace function read_model_mark_seat() returns trigger language plpgsql as $$
begin
    insert into read_model_marks (game_id, generation) values (new.game_id, 2) on conflict do nothing;
    return null;
end
$$;

-- Whether every read model agrees with its base tables (as in V20), its marks now read_model_marks,
-- the arenas' counts (V24) with their games, and the deals' ratings (V25) with the players'.
create or replace function read_model_disagreements()
    returns table (model text, subject text, detail text)
    language sql stable as $$
with parts as (
    -- Each name's part in each game whose standings were written, as PlayerGamesStore derives it.
    select s.game_id, s.name, g.type, g.status, g.rated, g.created_at,
           case when count(distinct s.outcome) > 1 then 'drawn' else max(s.outcome) end as outcome,
           max(s.score) as score,
           (array_agg(s.player_id order by s.seat) filter (where s.player_id is not null))[1] as player_id
    from seats s join games g on g.id = s.game_id
    where s.kind = 'human' and s.name is not null
    group by s.game_id, s.name, g.type, g.status, g.rated, g.created_at
),
by_player as (
    select s.game_id, s.player_id, g.type,
           case when count(distinct s.outcome) > 1 then 'drawn' else max(s.outcome) end as outcome,
           max(s.score) as score
    from seats s join games g on g.id = s.game_id
    where s.kind = 'human' and s.name is not null and s.player_id is not null and g.status = 'finished'
    group by s.game_id, s.player_id, g.type
)
-- A finished game with standings has a row per name, as the game ended; a row present matches.
select 'player_games', p.game_id || ' ' || p.name,
       coalesce('stored ' || pg.status || '/' || coalesce(pg.outcome, '-') || '/' || coalesce(pg.score::text, '-')
                || '/' || coalesce(pg.player_id::text, '-') || '/' || pg.rated, 'missing')
       || ', expected ' || p.status || '/' || coalesce(p.outcome, '-') || '/' || coalesce(p.score::text, '-')
       || '/' || coalesce(p.player_id::text, '-') || '/' || p.rated
from parts p left join player_games pg on pg.game_id = p.game_id and pg.name = p.name
where (pg.game_id is null and p.status = 'finished' and p.outcome is not null)
   or (pg.game_id is not null and (pg.status, pg.outcome, pg.score, pg.rated, pg.game_type, pg.created_at)
       is distinct from (p.status, p.outcome, p.score, p.rated, p.type, p.created_at))
   or (pg.game_id is not null and pg.player_id is distinct from p.player_id and p.player_id is not null)
union all
-- Counters by name: the sum of the name's ended games.
(select 'player_stats', coalesce(e.name, st.name) || ' ' || coalesce(e.game_type, st.game_type),
        'stored ' || coalesce(row(st.played, st.won, st.lost, st.drawn, st.abandoned, st.best_score, st.score_sum, st.scored)::text, 'none')
        || ', expected ' || coalesce(row(e.played, e.won, e.lost, e.drawn, e.abandoned, e.best_score, e.score_sum, e.scored)::text, 'none')
 from (select name, game_type,
              count(*) filter (where outcome <> 'abandoned') as played, count(*) filter (where outcome = 'won') as won,
              count(*) filter (where outcome = 'lost') as lost, count(*) filter (where outcome = 'drawn') as drawn,
              count(*) filter (where outcome = 'abandoned') as abandoned, max(score) as best_score,
              coalesce(sum(score), 0) as score_sum, count(score) as scored
       from player_games where status = 'finished' and outcome is not null group by name, game_type) e
 full join (select * from player_stats where player_id is null) st on st.name = e.name and st.game_type = e.game_type
 where row(st.played, st.won, st.lost, st.drawn, st.abandoned, st.best_score, st.score_sum, st.scored)
       is distinct from row(e.played, e.won, e.lost, e.drawn, e.abandoned, e.best_score, e.score_sum, e.scored)
   and not (e.name is null and st.played = 0 and st.abandoned = 0))
union all
-- Counters by registered player: the sum of its verified seats' ended games.
(select 'player_stats', 'player ' || coalesce(e.player_id, st.player_id) || ' ' || coalesce(e.type, st.game_type),
        'stored ' || coalesce(row(st.played, st.won, st.lost, st.drawn, st.abandoned, st.best_score, st.score_sum, st.scored)::text, 'none')
        || ', expected ' || coalesce(row(e.played, e.won, e.lost, e.drawn, e.abandoned, e.best_score, e.score_sum, e.scored)::text, 'none')
 from (select player_id, type,
              count(*) filter (where outcome <> 'abandoned') as played, count(*) filter (where outcome = 'won') as won,
              count(*) filter (where outcome = 'lost') as lost, count(*) filter (where outcome = 'drawn') as drawn,
              count(*) filter (where outcome = 'abandoned') as abandoned, max(score) as best_score,
              coalesce(sum(score), 0) as score_sum, count(score) as scored
       from by_player where outcome is not null group by player_id, type) e
 full join (select * from player_stats where player_id is not null) st on st.player_id = e.player_id and st.game_type = e.type
 where row(st.played, st.won, st.lost, st.drawn, st.abandoned, st.best_score, st.score_sum, st.scored)
       is distinct from row(e.played, e.won, e.lost, e.drawn, e.abandoned, e.best_score, e.score_sum, e.scored)
   and not (e.player_id is null and st.played = 0 and st.abandoned = 0))
union all
-- A daily attempt whose game ended keeps how it ended.
select 'daily_attempts', a.game_id::text,
       'stored ' || row(a.finished_at, a.moves)::text || ', expected ' || row(g.finished_at, g.version)::text
from daily_attempts a join games g on g.id = a.game_id
where g.status = 'finished' and (a.finished_at is distinct from g.finished_at or a.moves is distinct from g.version)
union all
-- The all-time daily table: the sum of each player's counted attempts.
(select 'daily_standings', coalesce(e.ruleset, d.ruleset) || ' ' || coalesce(e.player_id, d.player_id),
        'stored ' || coalesce(row(d.played, d.won, d.total, d.best)::text, 'none')
        || ', expected ' || coalesce(row(e.played, e.won, e.total, e.best)::text, 'none')
 from (select ruleset, player_id, count(*) as played, count(*) filter (where outcome = 'won') as won,
              sum(score) as total, max(score) as best
       from daily_attempts where counted group by ruleset, player_id) e
 full join daily_standings d on d.ruleset = e.ruleset and d.player_id = e.player_id
 where row(d.played, d.won, d.total, d.best) is distinct from row(e.played, e.won, e.total, e.best))
union all
-- A rated game that ended with a winner or a draw rated each of its verified seats once.
select 'rating_history', s.game_id || ' ' || s.player_id, 'no rating change stored for the seat'
from seats s join games g on g.id = s.game_id
where g.rated and g.status = 'finished' and s.kind = 'human' and s.player_id is not null and s.outcome is not null
  and not exists (select 1 from rating_history h where h.game_id = s.game_id and h.player_id = s.player_id)
  and not exists (select 1 from players p where p.id = s.player_id and p.revoked_at is not null)
union all
-- An arena game whose game ended is counted by its arena (closed, if it ended aborted).
select 'arena_games', ag.arena_id || ' ' || ag.game_id, 'the game ended; the arena has not counted it'
from arena_games ag join games g on g.id = ag.game_id
where g.status = 'finished' and ag.ended_at is null
union all
-- An arena entry's totals are the sum of its counted games.
select 'arena_players', ap.arena_id || ' ' || ap.player_name,
       'stored ' || row(ap.points, ap.games)::text || ', expected '
       || row(coalesce(e.points, 0)::integer, coalesce(e.games, 0)::integer)::text
from arena_players ap
left join (select arena_id, player, sum(points) as points, count(*) as games
           from (select arena_id, player_a as player, points_a as points from arena_games where result_a is not null
                 union all
                 select arena_id, player_b, points_b from arena_games where result_b is not null) counted
           group by arena_id, player) e on e.arena_id = ap.arena_id and e.player = ap.player_id
where row(ap.points, ap.games) is distinct from row(coalesce(e.points, 0)::integer, coalesce(e.games, 0)::integer)
union all
-- A rated Scoundrel game that rated its player rated its deal too (V25), once.
select 'deal_rating_history', h.game_id::text, 'the player was rated against the deal; the deal was not'
from rating_history h join games g on g.id = h.game_id
where g.type = 'scoundrel' and g.rated
  and not exists (select 1 from deal_rating_history d where d.game_id = h.game_id)
union all
-- Changes still waiting for the reconcile step.
select 'pending', p.game_id::text, 'changed ' || p.since || ' by a writer that kept no read models of generation '
       || p.generation
from read_model_marks p
$$;
