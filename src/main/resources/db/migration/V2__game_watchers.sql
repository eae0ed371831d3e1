-- Which games have live event subscribers, on which server instance. A move pays for pg_notify
-- only when its game has a row here, so unwatched games commit as cheaply as without events.
create unlogged table game_watchers (
    game_id   uuid        not null,
    instance  uuid        not null,
    seen_at   timestamptz not null,
    primary key (game_id, instance)
);
