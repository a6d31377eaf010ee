-- AlterTable
ALTER TABLE "programs" ADD COLUMN     "raw_iteration" INTEGER;

