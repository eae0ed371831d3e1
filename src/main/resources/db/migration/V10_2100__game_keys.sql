-- Keys ready for sharding by game (docs/scaling.md): every table of a game's data has the game id
-- in its primary key and in each of its unique constraints, so that the tables can be split by
-- game id (PostgreSQL's hash partitioning, or Citus co-locating them on one worker per game)
-- without losing a constraint. Three constraints did not:
--
--   seats_token_idx         a seat token hash unique across all games. Tokens are 256 random bits
--                           and are only ever checked against one game's seats: unique per game.
--   games_rematch_of_idx    one rematch per game across all games. The finished game's own row
--                           decides it: the rematch is linked under that row's lock, only while
--                           its "rematch" column is still null (GameStore.linkRematch).
--   game_fingerprints.hash  one game per record fingerprint across all games. A fingerprint's
--                           owner is now a row keyed by the fingerprint (fingerprints), a table of
--                           its own that would be distributed by the fingerprint; the game's link
--                           (game_fingerprints) stays keyed by the game.
drop index seats_token_idx;
create unique index seats_token_idx on seats (game_id, token_hash) where token_hash is not null;

drop index games_rematch_of_idx;

create table fingerprints (
    hash     text primary key,
    game_id  uuid not null
);
insert into fingerprints (hash, game_id) select hash, game_id from game_fingerprints;
alter table game_fingerprints drop constraint game_fingerprints_hash_key;
