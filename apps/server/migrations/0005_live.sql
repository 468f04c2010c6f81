-- Live updates (GET /api/events, docs/architecture.md "Live updates"): every event the follower
-- publishes, in commit order, so a client that reconnects with Last-Event-ID gets what it missed.
-- `account` NULL: public (asset changes, operations); else only that signed-in account's stream.
-- `data` is the event's JSON text, sent as is.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  account text,
  data text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The follower announces the operations it recorded in the rounds it just applied.
CREATE INDEX operations_executed_round_idx ON operations (round) WHERE status = 'executed';

-- Wallet sign-in (docs/security.md W24). A challenge is single-use: sign-in sets used_at.
CREATE TABLE sign_in_challenges (
  nonce text PRIMARY KEY,
  origin text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Sessions: the cookie holds a random token; only its SHA-256 is stored. `id` is public (lists).
CREATE TABLE sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  account text NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sessions_account_idx ON sessions (account);
