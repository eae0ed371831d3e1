-- Certificates of certified and daily deals (docs/api.md, "Certified deals"): how hard the deal
-- is, as the solver found it when it proved the deal winnable. Keyed by the deal's seed
-- commitment, which every game of the deal shares (all attempts at one daily deal), so a
-- certificate is data of a deal, not of one game.
create table deal_certificates (
    seed_commitment     text        primary key,
    best_score          integer,
    first_moves         integer     not null,
    winning_first_moves integer,
    positions           bigint      not null,
    created_at          timestamptz not null
);
