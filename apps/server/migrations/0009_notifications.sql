-- Notifications (docs/product.md §12): written by the chain follower in the same
-- transaction as the operation they come from. The unique key (account, operation, kind) makes
-- each exactly once, even when a round is applied again after a crash or a cursor rewind.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  -- outbid, bid_received, sold, bid_accepted, watched_listed
  kind text NOT NULL,
  asset_guid text NOT NULL REFERENCES assets (guid) ON DELETE CASCADE,
  -- The transaction id of the operation it comes from.
  operation_tx_id text NOT NULL,
  value numeric(20, 0) NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account, operation_tx_id, kind)
);

-- An account's list, newest first, and its unread count.
CREATE INDEX notifications_account_idx ON notifications (account, id);
