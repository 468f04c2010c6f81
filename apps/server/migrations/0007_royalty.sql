-- Creator royalties (manager v2, docs/product.md §3).
-- assets.royalty: the split, a JSON array of {address, share} (share in basis points). submit_asset
-- stores the one chosen at creation; once the manager is configured, the follower (and
-- submit_configuration) replace it with the split the chain holds, which is the truth. NULL: none
-- given (a v2 app then shows no royalty; a v1 app never has one).
ALTER TABLE assets
  ADD COLUMN royalty jsonb NULL;
-- operations.royalty: the USDC a sale's royalty took (cuts paid to recipients plus held for them),
-- as the follower reads it from the manager's inner transactions and state. NULL for every other
-- operation, for v1 apps, for rows recorded before this column and for sends not yet seen.
ALTER TABLE operations
  ADD COLUMN royalty numeric(20, 0) NULL;
