-- A player's event stream (docs/api.md, "A player's event stream"): what happened to a registered
-- player, one row per event, written in the transaction of the change (a game started, its turn, a
-- game finished, a challenge made or ended). (tx, id) orders a player's events and, written
-- "tx-id", is the stream's event id, so a client resumes with Last-Event-ID; rows older than
-- cardtable.player-events.retention are pruned.
create table player_events (
    id           bigserial   primary key,
    player_id    uuid        not null,
    kind         text        not null,
    game_id      uuid,
    version      integer,
    challenge_id uuid,
    data         text        not null,                -- the event's JSON as sent
    created_at   timestamptz not null,
    tx           xid8        not null default pg_current_xact_id()
);

-- A stream sends a player's events in the order of (tx, id), and only those of transactions older
-- than every transaction still running (pg_snapshot_xmin): ids are drawn before commit, so two
-- transactions may commit in the other order than their ids, but no event can appear later
-- behind one already sent.
create index player_events_player_idx on player_events (player_id, tx, id);
create index player_events_created_idx on player_events (created_at);
-- One yourTurn per player, game and version, however many changes tell it.
create unique index player_events_turn_idx on player_events (player_id, game_id, version) where kind = 'yourTurn';
