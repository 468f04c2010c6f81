-- The other party of a sale, as the follower reads it from the manager's inner transactions: for a
-- buy now the owner who was paid, for a sell now the buyer who received the NFT. NULL for every
-- other operation, for rows recorded before this column, and for sends not yet seen on chain.
-- The history shows a sale as one row naming both parties (docs/product.md §2).
ALTER TABLE operations
  ADD COLUMN counterparty text NULL;
