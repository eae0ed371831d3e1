-- An open rated game's rating range (docs/ratings.md, "Rating ranges"): whoever takes its open
-- seat must have a rating for the game's perf from rating_min to rating_max. Both null for none.
-- (V17: the versions up to V16 are taken on the main line.)
alter table games add column rating_min integer, add column rating_max integer;

-- NOT VALID: every stored game has no range, so the rows already there need no scan under the
-- table's lock; the rows written from now on are checked.
alter table games add constraint games_rating_range_check check (
    (rating_min is null) = (rating_max is null) and (rating_min is null or rating_min <= rating_max)) not valid;
