-- Rated Scoundrel: players against deals (docs/ratings.md, "Scoundrel: players against deals").
-- Every deal a rated Scoundrel game was dealt from has a Glicko-2 rating of its own, created at
-- its seed rating (what the solver proved about it) the first time a rated game is dealt from it,
-- and updated by the ending of each rated game played on it, in the ending's transaction.
-- A deal is its ruleset, its weapon binding ('none' for simple) and its seed; the seed is kept to
-- deal it again and is never sent; the commitment is the public name a game shows.
create table deal_ratings (
    ruleset         text             not null,
    binding         text             not null,
    seed_commitment text             not null,
    seed            text             not null,
    seed_rating     double precision not null,   -- the rating it started from
    verdict         text             not null,   -- the solver's: winnable, unwinnable, unknown
    first_moves     integer          not null,
    winning_first_moves integer      not null,
    nodes           bigint           not null,
    rating          double precision not null,
    deviation       double precision not null,
    volatility      double precision not null,
    attempts        integer          not null default 0 check (attempts >= 0),
    last_played     timestamptz,                  -- null until its first rated game ends
    created_at      timestamptz      not null,
    primary key (ruleset, binding, seed_commitment)
);

-- A deal near a player's rating: the deals of a ruleset and binding by rating.
create index deal_ratings_near_idx on deal_ratings (ruleset, binding, rating);

-- Every change of a deal's rating, one per rated game: the unique game makes an ending apply at
-- most once to its deal, as rating_history's key does for its player.
create table deal_rating_history (
    game_id         uuid             primary key references games (id) on delete cascade,
    ruleset         text             not null,
    binding         text             not null,
    seed_commitment text             not null,
    at              timestamptz      not null,
    rating_before   double precision not null,
    rating          double precision not null,
    deviation       double precision not null,
    volatility      double precision not null,
    diff            double precision not null
);

-- The deals a player has played rated, so that a deal drawn for it is one it has not.
create index deal_rating_history_deal_idx on deal_rating_history (ruleset, binding, seed_commitment);
