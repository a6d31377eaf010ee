-- The programs table sorted by score, best first (lib/db/programs.ts: ORDER BY score DESC NULLS
-- LAST, seq): the (run_id, score) index read backwards gives NULLS FIRST, so PostgreSQL sorted
-- the whole run for every page (~80 ms at 20k programs, more at 100k). Written by hand: Prisma's
-- schema cannot say NULLS LAST (schema.prisma names this index with sort: Desc).
CREATE INDEX "programs_run_id_score_desc_seq_idx" ON "programs"("run_id", "score" DESC NULLS LAST, "seq");
