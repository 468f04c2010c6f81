-- The worker's own state (src/worker/schema.ts).
-- Each bidder's bid of record per manager app, as the chain keeps it (a box per bidder, mirrored in
-- local B); an asset's highest bid is the largest of these, the earliest on a tie.
CREATE TABLE bids (
  application_id bigint NOT NULL,
  bidder text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  round bigint NOT NULL,
  PRIMARY KEY (application_id, bidder)
);

CREATE INDEX bids_highest_idx ON bids (application_id, amount DESC, round, bidder);

-- The sender claims its work in id order among open operations it stored.
CREATE INDEX operations_sendable_idx ON operations (id)
  WHERE status IN ('pending', 'submitted') AND signed_group IS NOT NULL;

-- send_tx bounds how many open operations one account has queued.
CREATE INDEX operations_open_sender_idx ON operations (sender)
  WHERE status IN ('pending', 'submitted');
