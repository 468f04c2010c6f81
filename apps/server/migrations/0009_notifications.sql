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

-- Email (opt-in, double opt-in): where an account's notifications are mailed once confirmed. Only
-- the SHA-256 of the confirmation link's token is stored.
CREATE TABLE notification_emails (
  account text PRIMARY KEY,
  address text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The mailer's state per notification: NULL (not mailed), 'sending' (claimed: never sent again,
-- so a crash mid-send cannot mail twice), 'retry' (the SMTP server refused; again at
-- email_next_at), 'sent', 'failed' (gave up), 'skipped' (no confirmed address when it came).
ALTER TABLE notifications
  ADD COLUMN email_status text,
  ADD COLUMN email_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN email_next_at timestamptz;

CREATE INDEX notifications_email_idx ON notifications (id) WHERE email_status IS NULL OR email_status = 'retry';
