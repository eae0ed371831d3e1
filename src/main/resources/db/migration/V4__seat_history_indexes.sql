-- A player's history and statistics are read from seats alone: each seat carries its game's type
-- and creation time, so one index range per player serves a page or the stats, however many games
-- the player has.
alter table seats add column game_type text, add column created_at timestamptz;
update seats s set game_type = g.type, created_at = g.created_at from games g where g.id = s.game_id;
alter table seats alter column game_type set not null, alter column created_at set not null;
create index seats_player_created_idx on seats (name, created_at desc, game_id desc) where name is not null;
create index seats_player_type_created_idx on seats (name, game_type, created_at desc, game_id desc)
    where name is not null;
create index seats_player_stats_idx on seats (name, game_type) include (outcome, score)
    where name is not null and outcome is not null;
drop index seats_name_idx;
