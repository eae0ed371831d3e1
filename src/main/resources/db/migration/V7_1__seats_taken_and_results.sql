-- A game's version as clients see it counts every change: moves (games.version) and the open
-- seats taken since the game was created (seats_taken).
alter table games add column seats_taken integer not null default 0 check (seats_taken >= 0);

-- Every finished game's result in the one shape of docs/api.md, "Results":
-- {"standings":[{"seat","outcome","score"}…], "ending", "endedBy", "detail"}, from the games' own
-- shapes before it: Scoundrel {"outcome","score"}; Dazzle {"scores","winner","colors"}.
update games g set result = jsonb_build_object(
        'standings', case
            when g.result ? 'scores' then
                (select jsonb_agg(jsonb_build_object(
                            'seat', i - 1,
                            'outcome', case when jsonb_typeof(g.result -> 'winner') = 'null' then 'drawn'
                                            when (g.result ->> 'winner')::int = i - 1 then 'won'
                                            else 'lost' end,
                            'score', (g.result -> 'scores' ->> (i - 1))::int) order by i)
                 from generate_series(1, jsonb_array_length(g.result -> 'scores')) i)
            else jsonb_build_array(jsonb_build_object(
                    'seat', 0, 'outcome', g.result ->> 'outcome', 'score', (g.result ->> 'score')::int))
            end,
        'ending', 'completed',
        'endedBy', null,
        'detail', case when g.result ? 'colors' then jsonb_build_object('colors', g.result -> 'colors')
                       else '{}'::jsonb end)
where g.result is not null and not (g.result ? 'standings');
