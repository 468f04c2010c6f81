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
