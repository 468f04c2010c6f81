-- My bids and a collector's page (GET /api/assets/?auction_bidder=, GET /api/accounts/{address}/):
-- the auctions an account leads. Few pieces have a bidder at any time, so a partial index.
CREATE INDEX assets_auction_bidder_idx ON assets (auction_bidder, created_at DESC)
  WHERE auction_bidder IS NOT NULL;
