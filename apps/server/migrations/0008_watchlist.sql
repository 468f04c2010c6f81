-- Watchlist (docs/product.md §12): the pieces a signed-in account follows. The follower
-- notifies the watchers of a piece when it is listed or its price changes (migration 0009).
-- Numbered 0008: 0007 is taken by another branch's migration.
CREATE TABLE watchlist (
  account text NOT NULL,
  asset_guid text NOT NULL REFERENCES assets (guid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, asset_guid)
);

-- The follower looks up a piece's watchers.
CREATE INDEX watchlist_asset_guid_idx ON watchlist (asset_guid);
