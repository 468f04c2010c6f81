-- The IPFS CID (CIDv1, docs/ipfs.md) of an asset's stored image, set when it is uploaded: the same
-- bytes /media serves, also served by GET /ipfs/{cid}. Null for pieces uploaded before.
ALTER TABLE assets ADD COLUMN image_cid text;
