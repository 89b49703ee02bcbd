-- The places of a tournament whose summary is stored again.
DELETE FROM tournament_places WHERE site = $site AND tournament_id = $tournament_id
