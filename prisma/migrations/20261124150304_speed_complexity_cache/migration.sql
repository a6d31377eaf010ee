-- CreateTable
CREATE TABLE "complexity_cache" (
    "blob_sha256" CHAR(64) NOT NULL,
    "language" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "result" JSONB NOT NULL,

    CONSTRAINT "complexity_cache_pkey" PRIMARY KEY ("blob_sha256","language","version")
);

-- AddForeignKey
ALTER TABLE "complexity_cache" ADD CONSTRAINT "complexity_cache_blob_sha256_fkey" FOREIGN KEY ("blob_sha256") REFERENCES "blobs"("sha256") ON DELETE CASCADE ON UPDATE CASCADE;
