-- The manager version each app runs (packages/contracts/src/market/versions.ts). An app's
-- version is fixed at its creation, so it is kept once, beside the app id, on its asset: the
-- follower and send_tx read each app's calls with that version's protocol. Operations and bids
-- name the app by id and find its version here. Every app deployed before this column ran v1.
ALTER TABLE assets
  ADD COLUMN contract_version smallint NOT NULL DEFAULT 1;
