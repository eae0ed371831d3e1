-- A finished or imported game's fingerprint (type, ruleset, options, seats, seed or deal, moves),
-- so that importing the same record twice cannot count one game twice in history and statistics.
alter table games add column record_hash text;
create unique index games_record_hash_idx on games (record_hash) where record_hash is not null;
