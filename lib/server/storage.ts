import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "../config";

/**
 * Where uploaded files live: one interface, a folder by default (UPLOADS_DIR, ./data/uploads).
 * Names are generated here, never taken from the upload, and kept to [a-z0-9-] plus an
 * extension, so a stored name can be put into a path without escaping anything.
 */
export interface FileStorage {
  put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  get(folder: string, name: string): Promise<Buffer | null>;
  remove(folder: string, name: string): Promise<void>;
}

const NAME = /^[a-z0-9-]{8,80}\.(webp|png|jpg)$/;
const FOLDER = /^[a-z]+$/;

export function isStoredName(name: string): boolean {
  return NAME.test(name);
}

class FolderStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(folder: string, name: string): string {
    if (!FOLDER.test(folder) || !isStoredName(name)) throw new Error(`Not a stored file name: ${folder}/${name}`);
    return path.join(this.root, folder, name);
  }

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const name = `${Date.now().toString(36)}-${randomBytes(12).toString("hex")}.${extension}`;
    const file = this.file(folder, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    return name;
  }

  async get(folder: string, name: string): Promise<Buffer | null> {
    if (!FOLDER.test(folder) || !isStoredName(name)) return null;
    try {
      return await fs.readFile(this.file(folder, name));
    } catch {
      return null;
    }
  }

  async remove(folder: string, name: string): Promise<void> {
    if (!FOLDER.test(folder) || !isStoredName(name)) return;
    await fs.rm(this.file(folder, name), { force: true });
  }
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= new FolderStorage(getConfig().uploadsDir);
  return storage;
}
