-- One game, one fingerprint, decided by the database: a finished or imported game's record
-- fingerprint lives in its own table whose primary key is the game and whose unique key is the
-- fingerprint. Writers insert with ON CONFLICT DO NOTHING, so a duplicate never fails a
-- transaction: finishing a game that ends exactly as another stored game keeps no fingerprint,
-- and an import of a stored record finds the stored game instead. A game resumed from a record
-- replaces its fingerprint when it finishes.
create table game_fingerprints (
    game_id  uuid primary key references games (id) on delete cascade,
    hash     text not null unique
);
insert into game_fingerprints (game_id, hash) select id, record_hash from games where record_hash is not null;
drop index games_record_hash_idx;
alter table games drop column record_hash;
