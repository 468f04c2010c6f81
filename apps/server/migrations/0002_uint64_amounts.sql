-- Amounts are uint64 on chain (the manager's ask A, bids, trade values) with no upper bound the
-- contract enforces: anyone may ask or bid up to 2^64 - 1. bigint stops at 2^63 - 1, so such a
-- value would make the follower's round fail forever. numeric(20,0) holds every uint64 exactly.
-- Ids (asset, application, round) stay bigint: the chain hands them out far below 2^63.
ALTER TABLE assets
  ALTER COLUMN price TYPE numeric(20, 0),
  ALTER COLUMN highest_bid_value TYPE numeric(20, 0);

ALTER TABLE operations
  ALTER COLUMN value TYPE numeric(20, 0);

ALTER TABLE bids
  ALTER COLUMN amount TYPE numeric(20, 0);
