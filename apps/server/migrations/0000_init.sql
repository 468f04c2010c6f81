-- Unica's core tables. Shared contract with the worker (see apps/server/README.md).
-- Amounts and chain ids are bigint (USDC base units, uint64 ids below 2^63 in practice).

CREATE TABLE users (
  address text PRIMARY KEY,
  is_staff boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE assets (
  guid text PRIMARY KEY CHECK (guid ~ '^[0-9a-f]{32}$'),
  asset_id bigint NOT NULL UNIQUE,
  application_id bigint UNIQUE,
  escrow_address text,
  status text NOT NULL DEFAULT 'DA' CHECK (status IN ('DA', 'DC', 'RD')),
  name text NOT NULL,
  unit_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_path text,
  thumbnail_path text,
  creator_address text NOT NULL,
  owner_address text,
  holding_address text,
  price bigint CHECK (price IS NULL OR price >= 0),
  highest_bid_value bigint CHECK (highest_bid_value IS NULL OR highest_bid_value >= 0),
  highest_bid_sender text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every list filter and ordering of GET /api/assets/ (guid breaks ties so pages are stable).
CREATE INDEX assets_status_created_idx ON assets (status, created_at DESC, guid DESC);
CREATE INDEX assets_created_idx ON assets (created_at DESC, guid DESC);
CREATE INDEX assets_status_bid_idx ON assets (status, highest_bid_value DESC NULLS LAST, guid DESC);
CREATE INDEX assets_status_price_idx ON assets (status, price) WHERE price IS NOT NULL;
CREATE INDEX assets_owner_idx ON assets (owner_address, created_at DESC);
CREATE INDEX assets_creator_idx ON assets (creator_address, created_at DESC);
CREATE INDEX assets_name_lower_idx ON assets (lower(name));

CREATE TABLE operations (
  id bigserial PRIMARY KEY,
  asset_guid text REFERENCES assets (guid),
  application_id bigint NOT NULL,
  op_type text NOT NULL,
  value bigint NOT NULL DEFAULT 0,
  sender text NOT NULL,
  tx_id text UNIQUE,
  group_id text,
  signed_group bytea,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'submitted', 'executed', 'failed')),
  failure_reason text,
  round bigint,
  block_time timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX operations_asset_idx ON operations (asset_guid, round DESC NULLS FIRST, id DESC);
CREATE INDEX operations_app_idx ON operations (application_id, id DESC);
CREATE INDEX operations_open_idx ON operations (id) WHERE status IN ('pending', 'submitted');

CREATE TABLE chain_cursor (
  name text PRIMARY KEY,
  round bigint NOT NULL
);

CREATE TABLE creator_applications (
  id bigserial PRIMARY KEY,
  wallet_address text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  alias text NOT NULL DEFAULT '',
  about text NOT NULL,
  twitter_url text NOT NULL DEFAULT '',
  instagram_url text NOT NULL DEFAULT '',
  facebook_url text NOT NULL DEFAULT '',
  tiktok_url text NOT NULL DEFAULT '',
  behance_url text NOT NULL DEFAULT '',
  portfolio_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX creator_applications_wallet_idx ON creator_applications (wallet_address);

CREATE TABLE newsletter_subscriptions (
  email text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

