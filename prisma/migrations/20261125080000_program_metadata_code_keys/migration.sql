-- Top-level metadata keys whose value was the program's own source (OpenEvolve runs converted
-- from EvoTrace, and long-lived searches, repeat the source as `solution`). The value is not
-- stored a second time inside metadata: the program's code blob (code_sha) is the reference,
-- and readers put it back (lib/trace/codeCopies.ts). Null when no key repeats the source.
ALTER TABLE "programs" ADD COLUMN "metadata_code_keys" TEXT[];
