-- Post-game analyses of finished Scoundrel games (docs/api.md, "Post-game analysis"): computed
-- once, on the first request, and kept as the JSON the API answers.
create table game_analyses (
    game_id      uuid        primary key references games (id) on delete cascade,
    analysis     text        not null,
    created_at   timestamptz not null
);
