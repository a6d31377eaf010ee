-- CreateTable
CREATE TABLE "edit_reviews" (
    "run_id" UUID NOT NULL,
    "child_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "updated_by_id" TEXT,
    "updated_by_kind" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "edit_reviews_pkey" PRIMARY KEY ("run_id","child_id")
);

-- CreateTable
CREATE TABLE "comments" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "program_id" UUID NOT NULL,
    "target_kind" TEXT NOT NULL,
    "line" INTEGER,
    "author_id" TEXT,
    "author_kind" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "edited_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_mentions" (
    "comment_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_mentions_pkey" PRIMARY KEY ("comment_id","user_id")
);

-- CreateIndex
CREATE INDEX "comments_run_id_target_kind_program_id_idx" ON "comments"("run_id", "target_kind", "program_id");

-- CreateIndex
CREATE INDEX "comment_mentions_user_id_read_at_idx" ON "comment_mentions"("user_id", "read_at");

-- AddForeignKey
ALTER TABLE "edit_reviews" ADD CONSTRAINT "edit_reviews_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edit_reviews" ADD CONSTRAINT "edit_reviews_child_id_fkey" FOREIGN KEY ("child_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edit_reviews" ADD CONSTRAINT "edit_reviews_updated_by_id_fkey" FOREIGN KEY ("updated_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_program_id_fkey" FOREIGN KEY ("program_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Closed sets (lib/board/types.ts): refuse anything else at the source.
ALTER TABLE "edit_reviews" ADD CONSTRAINT "edit_reviews_status_check" CHECK ("status" IN ('unreviewed', 'confirmed', 'disputed'));
ALTER TABLE "comments" ADD CONSTRAINT "comments_target_kind_check" CHECK ("target_kind" IN ('edit', 'program', 'diff'));
