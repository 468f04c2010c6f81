-- The staff console (issue 19): the review of creator applications, moderation (hidden pieces)
-- and the append-only audit log of every staff action. Numbered 0012: 0011 is another branch's.

-- An application is pending until a staff member accepts it (its account becomes staff) or
-- declines it; who decided and when stay beside it (and in the audit log).
ALTER TABLE creator_applications
  ADD COLUMN status text NOT NULL DEFAULT 'pending'
    CONSTRAINT creator_applications_status_check CHECK (status IN ('pending', 'accepted', 'declined')),
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decided_by text;

-- The console's list: pending first, newest first within each status.
CREATE INDEX creator_applications_status_idx ON creator_applications (status, id);

-- A hidden piece leaves every public list and search; its row, its contract and what the
-- follower records of it are untouched. Reason and time are both set or both null.
ALTER TABLE assets
  ADD COLUMN hidden_at timestamptz,
  ADD COLUMN hidden_reason text,
  ADD COLUMN hidden_by text,
  ADD CONSTRAINT assets_hidden_check CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL));

-- The console's hidden list, newest first; few rows, so a partial index.
CREATE INDEX assets_hidden_idx ON assets (hidden_at DESC, guid) WHERE hidden_at IS NOT NULL;

-- Who (a staff address, or 'cli'), did what, to what, with which reason or details, when. Rows are
-- written in the same transaction as the action they record.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);

-- Append-only in the database itself, not only in our code: UPDATE, DELETE and TRUNCATE fail.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
