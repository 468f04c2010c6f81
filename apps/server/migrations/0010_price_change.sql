-- A change of price is its own kind of market activity (docs/product.md §11), apart from a first
-- listing: an ASK of a price on a piece that already had an ask. Whether it had one is the chain's
-- state just before the call (the manager's global A), which the follower knows and records in
-- `listed_before`; a generated column can only read its own row. NULL: not recorded by the
-- follower (a send not yet seen on chain), read as "not listed".
ALTER TABLE operations ADD COLUMN listed_before boolean;

-- Rows recorded before this column: an ASK was a change of price when the operation before it on
-- the same piece that sets or ends an ask (an ASK, or a sale, which ends the listing) was an ASK
-- of a price.
UPDATE operations o SET listed_before = (prev.op_type = 'ASK' AND prev.value > 0)
FROM (
  SELECT id,
         lag(op_type) OVER w AS op_type,
         lag(value) OVER w AS value
  FROM operations
  WHERE status = 'executed' AND asset_guid IS NOT NULL
    AND op_type IN ('ASK', 'BUY_NOW', 'SELL_NOW')
  WINDOW w AS (PARTITION BY asset_guid ORDER BY round, id)
) prev
WHERE o.id = prev.id AND o.op_type = 'ASK' AND prev.op_type IS NOT NULL;

-- The generated type gains 'price_change'. A generated expression cannot be altered before
-- PostgreSQL 17, so the column, its indexes and the last-sale trigger (which reads it) are made
-- again as 0004 made them.
DROP TRIGGER operations_note_sale ON operations;
DROP INDEX operations_activity_idx;
DROP INDEX operations_activity_type_idx;
DROP INDEX operations_sales_time_idx;
ALTER TABLE operations DROP COLUMN activity_type;
ALTER TABLE operations ADD COLUMN activity_type text GENERATED ALWAYS AS (
  CASE
    WHEN op_type IN ('BUY_NOW', 'SELL_NOW') THEN 'sale'
    WHEN op_type IN ('ASK', 'BID') AND value = 0 THEN 'cancel'
    WHEN op_type = 'ASK' AND listed_before THEN 'price_change'
    WHEN op_type = 'ASK' THEN 'listing'
    WHEN op_type = 'BID' THEN 'bid'
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
