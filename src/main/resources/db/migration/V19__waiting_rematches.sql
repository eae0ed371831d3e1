-- The rematches still waiting for the players their open seats are kept for, by the finished game
-- they were made from. Revoking a registration cancels those whose kept seat is the revoked
-- player's (OpenSeats.WAITING_REMATCHES): the index holds only the waiting rematches, so the lookup
-- reads about as many rows as there are of them, however many games exist.
create index games_waiting_rematch_idx on games (rematch_of) where status = 'waiting' and rematch_of is not null;
