-- The places of a tournament (rows of incoming_places, a frame the caller registers).
INSERT INTO tournament_places (site, tournament_id, place, player, prize, entries, country)
SELECT site, tournament_id, place, player, prize, entries, country FROM incoming_places
