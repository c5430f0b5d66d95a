import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { getConfig, type S3Config } from "./config";

/**
 * Where uploaded files live: one interface, a folder by default (UPLOADS_DIR, ./data/uploads),
 * or an S3-compatible bucket when S3_BUCKET is set, so instances on different machines see the
 * same files.
 * Names are generated here, never taken from the upload, and kept to [a-z0-9-] plus an
 * extension, so a stored name can be put into a path without escaping anything.
 */
export interface FileStorage {
  put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  get(folder: string, name: string): Promise<Buffer | null>;
  remove(folder: string, name: string): Promise<void>;
}

const NAME = /^[a-z0-9-]{8,80}\.(webp|png|jpg|pdf)$/;
const FOLDER = /^[a-z]+$/;

export function isStoredName(name: string): boolean {
  return NAME.test(name);
}

function newName(extension: string): string {
  return `${Date.now().toString(36)}-${randomBytes(12).toString("hex")}.${extension}`;
}

class FolderStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(folder: string, name: string): string {
    if (!FOLDER.test(folder) || !isStoredName(name)) throw new Error(`Not a stored file name: ${folder}/${name}`);
    return path.join(this.root, folder, name);
  }

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const name = newName(extension);
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

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", pdf: "application/pdf" };

/**
 * Objects under <folder>/<name> in one bucket. Names are checked as in the folder storage, so a
 * key never leaves its folder. The AWS SDK is loaded on first use only, so a store without S3
 * never pays for it.
 */
export class S3Storage implements FileStorage {
  private client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;

  constructor(private readonly config: S3Config) {}

  private connect() {
    this.client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint ?? undefined,
        forcePathStyle: this.config.forcePathStyle,
        credentials: this.config.credentials ?? undefined,
        maxAttempts: 3,
        // Checksums only where S3 requires them: several S3-compatible services refuse the
        // CRC32 headers the SDK adds by default.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return this.client;
  }

  private key(folder: string, name: string): string {
    if (!FOLDER.test(folder) || !isStoredName(name)) throw new Error(`Not a stored file name: ${folder}/${name}`);
    return `${folder}/${name}`;
  }

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const name = newName(extension);
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(folder, name),
        Body: bytes,
        ContentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      }),
    );
    return name;
  }

  async get(folder: string, name: string): Promise<Buffer | null> {
    if (!FOLDER.test(folder) || !isStoredName(name)) return null;
    const { s3, sdk } = await this.connect();
    try {
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(folder, name) }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (error) {
      // A missing object is "no such file", like the folder storage; anything else (credentials,
      // an unreachable endpoint) is an error the caller must see.
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NotFound") return null;
      throw error;
    }
  }

  async remove(folder: string, name: string): Promise<void> {
    if (!FOLDER.test(folder) || !isStoredName(name)) return;
    const { s3, sdk } = await this.connect();
    // Deleting a missing object succeeds in S3, as removing a missing file does here.
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(folder, name) }));
  }
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  if (!storage) {
    const { s3, uploadsDir } = getConfig();
    storage = s3 ? new S3Storage(s3) : new FolderStorage(uploadsDir);
  }
  return storage;
}
