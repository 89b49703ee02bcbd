-- A tournament of a summary file (a later summary of it replaces the row).
INSERT OR REPLACE INTO tournaments (
    site, tournament_id, name, game_text, currency, unit, buy_in, fee, bounty, rebuy,
    add_on, total_rebuys, total_add_ons, entries, prize_pool, started_at, finished_at,
    summary_player, summary_place, warnings, source_id, source_path)
VALUES (
    $site, $tournament_id, $name, $game_text, $currency, $unit, $buy_in, $fee, $bounty,
    $rebuy, $add_on, $total_rebuys, $total_add_ons, $entries, $prize_pool, $started_at,
    $finished_at, $summary_player, $summary_place, $warnings, $source_id, $source_path)
