-- Discovery (docs/product.md §11): search, the list filters and orderings it adds, the activity
-- feed, creator and collector figures, price history and the home page's market figures.
--
-- pg_trgm lives in schema public, and every use names it there (public.gin_trgm_ops,
-- OPERATOR(public.%)): the tests give each file its own schema as search_path, and an extension
-- exists once per database. PGlite loads the same extension (src/db/connection.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Full-text search over name, unit name, creator and description, stemmed as English. The
-- weights rank a name match above a unit-name or creator match above a description match.
ALTER TABLE assets ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, name), 'A')
  || setweight(to_tsvector('english'::regconfig, unit_name), 'B')
  || setweight(to_tsvector('simple'::regconfig, creator_address), 'B')
  || setweight(to_tsvector('english'::regconfig, description), 'C')
) STORED;
CREATE INDEX assets_search_idx ON assets USING gin (search_vector);

-- Suggestions: creators by a prefix of their address.
CREATE INDEX assets_creator_prefix_idx ON assets (creator_address text_pattern_ops);

-- The words of every name and unit name, for typo tolerance: a query word with no match is
-- widened to the stored words most like it by trigrams (PostgreSQL's own "spelling suggestion"
-- pattern). Words are only added: a stale word finds nothing, which is harmless.
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word public.gin_trgm_ops);

CREATE FUNCTION unica_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM regexp_split_to_table(lower(NEW.name || ' ' || NEW.unit_name), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 32
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER assets_search_words AFTER INSERT OR UPDATE OF name, unit_name ON assets
  FOR EACH ROW EXECUTE FUNCTION unica_add_search_words();
INSERT INTO search_words (word)
SELECT DISTINCT w
FROM assets, regexp_split_to_table(lower(name || ' ' || unit_name), '[^[:alnum:]]+') AS w
WHERE length(w) BETWEEN 3 AND 32
ON CONFLICT DO NOTHING;

-- What an operation is in the activity feed: a sale, a listing (or a new price), a bid, or a
-- cancelled ask or bid (docs/product.md §4: an ASK or BID of 0 cancels). Other calls are not
-- market activity (NULL).
ALTER TABLE operations ADD COLUMN activity_type text GENERATED ALWAYS AS (
  CASE
    WHEN op_type IN ('BUY_NOW', 'SELL_NOW') THEN 'sale'
    WHEN op_type IN ('ASK', 'BID') AND value = 0 THEN 'cancel'
    WHEN op_type = 'ASK' THEN 'listing'
    WHEN op_type = 'BID' THEN 'bid'
  END
) STORED;
-- The feed pages by (round, id) keyset, all types or one.
CREATE INDEX operations_activity_idx ON operations (round DESC, id DESC)
  WHERE status = 'executed' AND activity_type IS NOT NULL;
CREATE INDEX operations_activity_type_idx ON operations (activity_type, round DESC, id DESC)
  WHERE status = 'executed';
-- The market's volume over the last day and week.
CREATE INDEX operations_sales_time_idx ON operations (block_time DESC)
  WHERE status = 'executed' AND activity_type = 'sale';

-- When an asset last sold: the "sold" filter and the "recently sold" ordering. Kept by a trigger
-- on the history, so whoever records a sale (the chain follower) need not know of it.
ALTER TABLE assets ADD COLUMN last_sold_at timestamptz;
CREATE FUNCTION unica_note_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets SET last_sold_at = NEW.block_time
  WHERE guid = NEW.asset_guid
    AND (last_sold_at IS NULL OR last_sold_at < NEW.block_time);
  RETURN NULL;
END
$$;
CREATE TRIGGER operations_note_sale AFTER INSERT OR UPDATE OF status ON operations
  FOR EACH ROW
  WHEN (NEW.status = 'executed' AND NEW.activity_type = 'sale' AND NEW.asset_guid IS NOT NULL
        AND NEW.block_time IS NOT NULL)
  EXECUTE FUNCTION unica_note_sale();
UPDATE assets SET last_sold_at = s.at
FROM (
  SELECT asset_guid, max(block_time) AS at FROM operations
  WHERE status = 'executed' AND activity_type = 'sale' AND asset_guid IS NOT NULL
  GROUP BY asset_guid
) s
WHERE assets.guid = s.asset_guid;

-- The new orderings (guid breaks ties) and the "sold" filter.
CREATE INDEX assets_status_price_asc_idx ON assets (status, price ASC NULLS LAST, guid ASC);
CREATE INDEX assets_status_price_desc_idx ON assets (status, price DESC NULLS LAST, guid DESC);
CREATE INDEX assets_status_sold_idx ON assets (status, last_sold_at DESC NULLS LAST, guid DESC);

-- A collector's public bids.
CREATE INDEX bids_bidder_idx ON bids (bidder, round DESC);
