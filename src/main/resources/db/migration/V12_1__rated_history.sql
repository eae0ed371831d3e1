-- The history filtered by rated or unrated games (docs/api.md, "History"). player_games.rated
-- (V11) is written as each game is indexed from now on; the games already there take it from
-- their game.
update player_games p set rated = true from games g where g.id = p.game_id and g.rated;

-- Rated games only, newest first: partial indexes of the shapes the history walks without the
-- filter, holding the rated games alone however many unrated games were played. Unrated games
-- only are read from the full indexes (V1, V11), as without the filter.
create index games_rated_created_idx on games (created_at desc, id desc) where rated;
create index games_rated_type_status_created_idx on games (type, status, created_at desc, id desc) where rated;
create index player_games_rated_created_idx on player_games (name, created_at desc, game_id desc) where rated;
create index player_games_rated_outcome_idx on player_games (outcome, created_at desc, game_id desc)
    where outcome is not null and rated;
