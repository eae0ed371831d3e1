-- A game's version as clients see it counts every change: moves (games.version) and the open
-- seats taken since the game was created (seats_taken).
alter table games add column seats_taken integer not null default 0 check (seats_taken >= 0);

-- Every finished game's result in the one shape of docs/api.md, "Results":
-- {"standings":[{"seat","outcome","score"}…], "ending", "endedBy", "detail"}. The seats' outcome
-- and score columns already hold the standings.
update games g set result = jsonb_build_object(
        'standings', (select jsonb_agg(jsonb_build_object('seat', s.seat, 'outcome', s.outcome, 'score', s.score)
                                       order by s.seat)
                      from seats s where s.game_id = g.id),
        'ending', 'completed',
        'endedBy', null,
        'detail', case when g.result ? 'colors' then jsonb_build_object('colors', g.result -> 'colors')
                       else '{}'::jsonb end)
where g.result is not null and not (g.result ? 'standings');
