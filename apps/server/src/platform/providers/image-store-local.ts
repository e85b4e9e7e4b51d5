import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { imageContentType, type LocalImageStore } from './image-store.js';

function checkedName(name: string): string {
  if (!imageContentType(name)) throw new Error(`not an image name: ${name}`);
  return name;
}

/**
 * Images as files in one directory. A write goes to a temporary file renamed into place, so a reader (or a
 * mirror run killed half-way) never sees half an image, and a later run's `has` is only true for whole files.
 */
export function createLocalImageStore(dir: string): LocalImageStore {
  const filePath = (name: string) => path.join(dir, checkedName(name));
  return {
    kind: 'local',
    filePath,
    async has(name) {
      try {
        return (await fs.stat(filePath(name))).isFile();
      } catch {
        return false;
      }
    },
    async put(name, bytes) {
      const file = filePath(name);
      await fs.mkdir(dir, { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file);
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
  };
}
