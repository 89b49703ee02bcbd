-- 001_initial: the store of replayed hands (see docs/schema.md for every column).
--
-- Money is BIGINT in minor units: cents of hands.currency for cash games, chips for
-- tournaments and play money (hands.unit says which). Hands are keyed by (site, hand_id);
-- every per-hand table carries that pair. Tables are not tied by FOREIGN KEYs (DuckDB
-- checks them row by row and forbids deleting a referenced row); the writer keeps them
-- consistent: the rows of a hand are inserted together, once.
--
-- Keys: only the tables the writer deduplicates against carry a PRIMARY KEY or UNIQUE
-- constraint (hands, unsupported_hands, rejects, junk, sources). A (site, hand_id) is in
-- at most one of hands, unsupported_hands and rejects. The per-hand child
-- tables (players, actions, draws, pots) are written only together with a new hand, so
-- their natural keys (noted above each) hold by construction; an ART index on them
-- would double the insert time and hold millions of keys in memory for nothing DuckDB's
-- hash joins and zone maps need.

CREATE SEQUENCE sources_source_id_seq START 1;

-- One row per file ever read (the ingest bookkeeping).
CREATE TABLE sources (
    source_id         INTEGER PRIMARY KEY DEFAULT nextval('sources_source_id_seq'),
    path              TEXT NOT NULL UNIQUE,
    size              BIGINT,
    sha256            TEXT,
    prefix_sha256     TEXT,
    mtime             TIMESTAMP,
    format            TEXT,
    encoding          TEXT,
    first_ingest      TIMESTAMP,
    last_ingest       TIMESTAMP,
    bytes_read        BIGINT NOT NULL DEFAULT 0,
    hands_found       INTEGER NOT NULL DEFAULT 0,
    hands_accepted    INTEGER NOT NULL DEFAULT 0,
    hands_rejected    INTEGER NOT NULL DEFAULT 0,
    hands_duplicate   INTEGER NOT NULL DEFAULT 0,
    hands_unsupported INTEGER NOT NULL DEFAULT 0,
    junk_items        INTEGER NOT NULL DEFAULT 0,
    junk_bytes        BIGINT NOT NULL DEFAULT 0
);

-- One row per accepted hand.
CREATE TABLE hands (
    site              TEXT NOT NULL,
    hand_id           TEXT NOT NULL,
    variant           TEXT NOT NULL,
    game_text         TEXT,
    structure         TEXT CHECK (structure IN ('fl', 'pl', 'nl')),
    currency          TEXT NOT NULL,
    unit              TEXT NOT NULL CHECK (unit IN ('cents', 'chips')),
    small_blind       BIGINT,
    big_blind         BIGINT,
    small_bet         BIGINT,
    big_bet           BIGINT,
    ante              BIGINT,
    bring_in          BIGINT,
    tournament_id     TEXT,
    buy_in            BIGINT,
    fee               BIGINT,
    bounty            BIGINT,
    buy_in_currency   TEXT,
    level             TEXT,
    table_name        TEXT,
    max_seats         INTEGER,
    button_seat       INTEGER,
    started_at        TIMESTAMP,
    started_at_text   TEXT,
    players_dealt     INTEGER NOT NULL,
    total_pot         BIGINT NOT NULL,
    rake              BIGINT NOT NULL,
    went_to_showdown  BOOLEAN NOT NULL,
    mixed_game        TEXT,
    home_game         TEXT,
    play_money        BOOLEAN NOT NULL,
    zoom              BOOLEAN NOT NULL,
    hero              TEXT,
    source_id         INTEGER,
    source_path       TEXT NOT NULL,
    byte_offset       BIGINT NOT NULL,
    byte_length       BIGINT,
    first_line        INTEGER NOT NULL,
    line_count        INTEGER,
    warnings          INTEGER NOT NULL,
    PRIMARY KEY (site, hand_id)
);

-- One row per hand per seat (natural key: site, hand_id, seat).
CREATE TABLE players (
    site              TEXT NOT NULL,
    hand_id           TEXT NOT NULL,
    player            TEXT NOT NULL,
    seat              INTEGER NOT NULL,
    position          TEXT,
    is_hero           BOOLEAN NOT NULL,
    dealt_in          BOOLEAN NOT NULL,
    starting_stack    BIGINT NOT NULL,
    contributed       BIGINT NOT NULL,
    collected         BIGINT NOT NULL,
    net               BIGINT NOT NULL,
    went_to_showdown  BOOLEAN NOT NULL,
    won_at_showdown   BOOLEAN NOT NULL,
    final_cards       TEXT,
    final_class       TEXT,
    final_description TEXT
);

-- One row per line of play, in the order of the hand history (key: site, hand_id, seq).
CREATE TABLE actions (
    site              TEXT NOT NULL,
    hand_id           TEXT NOT NULL,
    seq               INTEGER NOT NULL,
    round_index       INTEGER NOT NULL,
    round_name        TEXT NOT NULL,
    player            TEXT,
    kind              TEXT NOT NULL,
    amount            BIGINT NOT NULL,
    raise_to          BIGINT,
    all_in            BOOLEAN NOT NULL,
    cards             TEXT,
    new_cards         TEXT,
    n_cards           INTEGER,
    pot               TEXT,
    source_line       INTEGER NOT NULL
);

-- One row per player per draw round, draw games only (key: site, hand_id, draw_round,
-- player).
CREATE TABLE draws (
    site              TEXT NOT NULL,
    hand_id           TEXT NOT NULL,
    player            TEXT NOT NULL,
    draw_round        INTEGER NOT NULL CHECK (draw_round BETWEEN 1 AND 3),
    discarded         INTEGER NOT NULL,
    discarded_cards   TEXT,
    new_cards         TEXT,
    hand_before       TEXT,
    hand_after        TEXT,
    source_line       INTEGER
);

-- One row per pot (main, side pots) per half of a split-pot game (key: site, hand_id,
-- pot_index, half).
CREATE TABLE pots (
    site              TEXT NOT NULL,
    hand_id           TEXT NOT NULL,
    pot_index         INTEGER NOT NULL,
    half              TEXT NOT NULL CHECK (half IN ('all', 'high', 'low', 'badugi', 'lowball')),
    amount            BIGINT NOT NULL,
    eligible          VARCHAR[] NOT NULL,
    winners           VARCHAR[] NOT NULL,
    won               BIGINT[] NOT NULL
);

-- One row per problem of any hand: warnings of accepted hands, errors of rejected ones.
CREATE TABLE problems (
    site              TEXT,
    hand_id           TEXT,
    status            TEXT NOT NULL CHECK (status IN ('accepted', 'rejected', 'unsupported')),
    source_id         INTEGER,
    source_path       TEXT NOT NULL,
    byte_offset       BIGINT NOT NULL,
    code              TEXT NOT NULL,
    severity          TEXT NOT NULL CHECK (severity IN ('error', 'warning')),
    line              INTEGER,
    message           TEXT NOT NULL
);

-- One row per hand that failed. Key: (site, hand_id), like hands; a hand whose id could not
-- be read (NULL) is known by its place (source_path, byte_offset) instead.
CREATE TABLE rejects (
    source_id         INTEGER,
    source_path       TEXT NOT NULL,
    byte_offset       BIGINT NOT NULL,
    byte_length       BIGINT,
    first_line        INTEGER NOT NULL,
    site              TEXT,
    hand_id           TEXT,
    variant           TEXT,
    game_text         TEXT,
    stage             TEXT NOT NULL CHECK (stage IN ('read', 'replay')),
    code              TEXT NOT NULL,
    message           TEXT NOT NULL,
    errors            INTEGER NOT NULL,
    raw_text          TEXT,
    UNIQUE (site, hand_id)
);

-- One row per hand of a game hhparse does not replay (Hold'em, Omaha ...).
CREATE TABLE unsupported_hands (
    site              TEXT NOT NULL,
    hand_id           TEXT NOT NULL,
    game              TEXT NOT NULL,
    source_id         INTEGER,
    source_path       TEXT NOT NULL,
    byte_offset       BIGINT NOT NULL,
    byte_length       BIGINT,
    first_line        INTEGER NOT NULL,
    raw_text          TEXT,
    PRIMARY KEY (site, hand_id)
);

-- One row per stretch of non-blank text between hands that is not a hand.
CREATE TABLE junk (
    source_id         INTEGER,
    source_path       TEXT NOT NULL,
    first_line        INTEGER NOT NULL,
    byte_offset       BIGINT NOT NULL,
    byte_length       BIGINT NOT NULL,
    text              TEXT NOT NULL,
    UNIQUE (source_path, byte_offset)
);
