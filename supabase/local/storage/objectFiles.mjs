// @ts-check
// Object bodies on disk, one file per object version (`<storage>/objects/<version>`), so a key's
// folders never clash with files and a replaced body is removed only after its row is committed.
// Bodies are written to `<storage>/tmp` first and moved into place only once the row is accepted.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageErrors } from './storageErrors.mjs';

// Past the limit the rest of an upload is read and discarded, so the client receives the 413 instead
// of a reset connection; beyond this much extra the connection is dropped.
const DISCARD_ALLOWANCE = 64 * 1024 * 1024;

/** @typedef {{ tmpPath: string, size: number, md5: string }} StagedBody */

/** @param {string} storageDir */
export async function createObjectFiles(storageDir) {
  const objectsDir = path.join(storageDir, 'objects');
  const tmpDir = path.join(storageDir, 'tmp');
  await fs.mkdir(objectsDir, { recursive: true });
  // Anything left in tmp belongs to an upload that never completed.
  await fs.rm(tmpDir, { recursive: true, force: true });
  await fs.mkdir(tmpDir, { recursive: true });

  /** @param {string} version */
  const pathOf = (version) => path.join(objectsDir, version);

  return {
    pathOf,

    /**
     * Streams a body into tmp, hashing and counting it; refuses it whole if it exceeds `limit`.
     * @param {AsyncIterable<Uint8Array>} source
     * @param {number} limit
     * @returns {Promise<StagedBody>}
     */
    async stage(source, limit) {
      const tmpPath = path.join(tmpDir, randomUUID());
      const handle = await fs.open(tmpPath, 'w');
      const hash = createHash('md5');
      let size = 0;
      try {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > limit) {
            if (size > limit + DISCARD_ALLOWANCE) break;
            continue;
          }
          hash.update(chunk);
          await handle.write(chunk);
        }
      } catch (error) {
        await handle.close();
        await fs.rm(tmpPath, { force: true });
        throw error;
      }
      await handle.close();
      if (size > limit) {
        await fs.rm(tmpPath, { force: true });
        throw storageErrors.tooLarge();
      }
      return { tmpPath, size, md5: hash.digest('hex') };
    },

    /** @param {StagedBody} staged @param {string} version */
    async place(staged, version) {
      await fs.rename(staged.tmpPath, pathOf(version));
    },

    /** @param {StagedBody} staged */
    async discard(staged) {
      await fs.rm(staged.tmpPath, { force: true });
    },

    /** @param {string | null | undefined} version */
    async remove(version) {
      if (version) await fs.rm(pathOf(version), { force: true });
    },

    /** @param {string} fromVersion @param {string} toVersion */
    async copy(fromVersion, toVersion) {
      await fs.copyFile(pathOf(fromVersion), pathOf(toVersion));
    },

    /** @param {string} version */
    read(version) {
      return createReadStream(pathOf(version));
    },
  };
}
