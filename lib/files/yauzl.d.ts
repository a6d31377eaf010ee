// @types/yauzl (pinned in package.json) describes yauzl 2.10; the installed yauzl is 3.4.
// These are the 3.x additions extractZip.ts relies on, added to those types rather than
// replacing them (an ambient `declare module 'yauzl'` would shadow them for the whole project).
import type { Readable } from 'node:stream';
import 'yauzl';

declare module 'yauzl' {
  interface Entry {
    /** The name bytes as stored; with decodeStrings: false `fileName` is this Buffer too. */
    fileNameRaw: Buffer;
  }

  interface ZipFile {
    /** decodeFileData: false streams the stored bytes as they are (no inflate, no size check). */
    openReadStream(entry: Entry, options: { decodeFileData: boolean }, callback: (err: Error | null, stream: Readable) => void): void;
  }

  /** The name yauzl would decode (UTF-8 flag, Info-ZIP Unicode Path field, else CP437). */
  function getFileNameLowLevel(
    generalPurposeBitFlag: number,
    fileNameBuffer: Buffer,
    extraFields: Array<{ id: number; data: Buffer }>,
    strictFileNames: boolean,
  ): string;
}
