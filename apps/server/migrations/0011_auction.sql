-- Timed reserve auctions (manager v3, docs/product.md §4). The follower keeps each asset's running
-- auction as the manager's global state holds it (AR, AD, AP, AM, AE, AV, AH); all NULL when no
-- auction runs (AR = 0). Amounts are uint64 USDC base units, as every amount column.
ALTER TABLE assets ADD COLUMN auction_reserve numeric(20,0);
ALTER TABLE assets ADD COLUMN auction_duration integer;
ALTER TABLE assets ADD COLUMN auction_raise_bp integer;
ALTER TABLE assets ADD COLUMN auction_raise_min numeric(20,0);
-- AE: NULL until the first bid starts the clock.
ALTER TABLE assets ADD COLUMN auction_end timestamptz;
-- AV and AH: the highest auction bid and its bidder; NULL before the first bid.
ALTER TABLE assets ADD COLUMN auction_bid numeric(20,0);
ALTER TABLE assets ADD COLUMN auction_bidder text;

-- market=auction and order_by=ending_soon (earliest end first, auctions without a bid last).
CREATE INDEX assets_auction_end_idx ON assets (status, auction_end ASC NULLS LAST, guid ASC)
  WHERE auction_reserve IS NOT NULL;

-- An auction bid's end after the call (AE: set by the first bid, moved by a late one), so the
-- bid history shows each extension.
ALTER TABLE operations ADD COLUMN auction_end timestamptz;

-- The timestamp of the last block the reader applied: the chain's "now" (global LatestTimestamp
-- of the next block), which decides whether an auction has ended.
ALTER TABLE chain_cursor ADD COLUMN block_time timestamptz;

-- The generated activity type learns the auction's calls: a settlement is a sale (the creator's
-- sales and volume, last_sold_at, the market's figures count it), a start a listing at the
-- reserve, an auction bid a bid, a cancelled auction a cancel. As 0010 did, the column, its
-- indexes and the last-sale trigger are made again (a generated expression cannot be altered
-- before PostgreSQL 17).
DROP TRIGGER operations_note_sale ON operations;
DROP INDEX operations_activity_idx;
DROP INDEX operations_activity_type_idx;
DROP INDEX operations_sales_time_idx;
ALTER TABLE operations DROP COLUMN activity_type;
ALTER TABLE operations ADD COLUMN activity_type text GENERATED ALWAYS AS (
  CASE
    WHEN op_type IN ('BUY_NOW', 'SELL_NOW', 'AUCTION_SETTLE') THEN 'sale'
    WHEN op_type IN ('ASK', 'BID') AND value = 0 THEN 'cancel'
    WHEN op_type = 'AUCTION_CANCEL' THEN 'cancel'
    WHEN op_type = 'ASK' AND listed_before THEN 'price_change'
    WHEN op_type IN ('ASK', 'AUCTION_START') THEN 'listing'
    WHEN op_type IN ('BID', 'AUCTION_BID') THEN 'bid'
  END
) STORED;
CREATE INDEX operations_activity_idx ON operations (round DESC, id DESC)
  WHERE status = 'executed' AND activity_type IS NOT NULL;
CREATE INDEX operations_activity_type_idx ON operations (activity_type, round DESC, id DESC)
  WHERE status = 'executed';
CREATE INDEX operations_sales_time_idx ON operations (block_time DESC)
  WHERE status = 'executed' AND activity_type = 'sale';
CREATE TRIGGER operations_note_sale AFTER INSERT OR UPDATE OF status ON operations
  FOR EACH ROW
  WHEN (NEW.status = 'executed' AND NEW.activity_type = 'sale' AND NEW.asset_guid IS NOT NULL
        AND NEW.block_time IS NOT NULL)
  EXECUTE FUNCTION unica_note_sale();
