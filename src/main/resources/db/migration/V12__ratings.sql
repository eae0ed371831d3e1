-- Rated games and Glicko-2 ratings (docs/ratings.md). A game is rated when created "rated": true;
-- its seats keep the rating each player started it with and the change it brought.
alter table games add column rated boolean not null default false;
alter table seats add column rating double precision;       -- the seat's rating before the game
alter table seats add column rating_diff double precision;  -- its change, once the game was rated

-- One rating per registered player and perf (game type and ruleset).
create table ratings (
    player_id   uuid             not null references players (id),
    game_type   text             not null,
    ruleset     text             not null,
    rating      double precision not null,
    deviation   double precision not null,
    volatility  double precision not null,
    games       integer          not null default 0 check (games >= 0),
    last_played timestamptz,                             -- null until the first rated game ends
    primary key (player_id, game_type, ruleset)
);

-- The leaderboard's pages (rating desc, then player id) and a player's rank; deviation and
-- last_played ride along so that the filters on them need not visit the table.
create index ratings_leaderboard_idx on ratings (game_type, ruleset, rating desc, player_id)
    include (deviation, last_played);

-- Every rating change, one per rated player and game: the unique key makes a game's update apply
-- at most once.
create table rating_history (
    player_id   uuid             not null references players (id),
    game_type   text             not null,
    ruleset     text             not null,
    game_id     uuid             not null references games (id) on delete cascade,
    at          timestamptz      not null,
    rating_before double precision not null,
    rating      double precision not null,
    deviation   double precision not null,
    volatility  double precision not null,
    diff        double precision not null,
    unique (game_id, player_id)
);

create index rating_history_player_idx on rating_history (player_id, game_type, ruleset, at desc, game_id desc);
