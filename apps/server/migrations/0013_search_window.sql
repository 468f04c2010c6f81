-- Search's first read (db/repositories/search.ts, firstMatches): the newest shown pieces in order,
-- each checked against the query's words, until a page is full. A common word fills a page from
-- a few hundred to a couple of thousand rows; with their words and name beside them in this index,
-- PostgreSQL reads those rows from the index alone (an index-only scan), not from the table: 0.34
-- against 0.86 ms for "harbour" at 1,000,000 assets (bench/README.md "Discovery"). It costs about
-- a third of the table's size (244 MB at that scale, where it builds in 1.3 s; writes to assets
-- wait for it, since migrations run in one transaction).
CREATE INDEX assets_search_window_idx ON assets (created_at DESC, guid DESC)
  INCLUDE (search_vector, name)
  WHERE status = 'RD' AND hidden_at IS NULL;
