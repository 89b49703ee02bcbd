-- The hands of this id (of this site, when given), with their stakes as report_hands gives
-- them; more than one row: the id is on several sites.
SELECT
    hand_key, site, hand_id, variant, game_text, structure, currency, unit, stakes,
    table_name, max_seats, button_seat, started_at, tournament_id, total_pot, rake,
    source_path, first_line
FROM report_hands(NULL, NULL, NULL, $site, NULL, NULL, NULL)
WHERE hand_id = $hand_id
ORDER BY site
