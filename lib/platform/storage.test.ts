import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { S3Storage } from "./storage";

/**
 * A small S3 stand-in: PUT, GET and DELETE of objects at /<bucket>/<key> (path-style addressing),
 * S3's XML errors, signatures not checked (but recorded, to see that the client signed with the
 * configured key). Enough to run the real AWS SDK client end to end over HTTP.
 */
type Request = { method: string; path: string; contentType?: string; authorization?: string };

function fakeS3() {
  const objects = new Map<string, Buffer>();
  const requests: Request[] = [];
  let refuseWith: number | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://s3").pathname);
      requests.push({ method: req.method ?? "", path, contentType: req.headers["content-type"], authorization: req.headers.authorization });
      const error = (status: number, code: string) => {
        res.writeHead(status, { "content-type": "application/xml" });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><Key>${path}</Key></Error>`);
      };
      if (refuseWith) return error(refuseWith, "AccessDenied");
      if (req.method === "PUT") {
        objects.set(path, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"etag"' });
        return res.end();
      }
      if (req.method === "GET") {
        const body = objects.get(path);
        if (!body) return error(404, "NoSuchKey");
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length });
        return res.end(body);
      }
      if (req.method === "DELETE") {
        objects.delete(path);
        res.writeHead(204);
        return res.end();
      }
      error(405, "MethodNotAllowed");
    });
  });
  return {
    objects,
    requests,
    refuse: (status: number | null) => (refuseWith = status),
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("uploads in an S3-compatible bucket (S3_BUCKET set)", () => {
  const s3 = fakeS3();
  let storage: S3Storage;

  beforeAll(async () => {
    const endpoint = await s3.start();
    storage = new S3Storage({
      bucket: "shop-uploads",
      region: "ap-south-1",
      endpoint,
      credentials: { accessKeyId: "TESTKEYID", secretAccessKey: "test-secret" },
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.stop());

  it("stores a photo under its folder with its type, reads the same bytes back, and removes it", async () => {
    const photo = Buffer.from("RIFF....WEBPVP8 not really a photo");
    const name = await storage.put("avatars", "webp", photo);
    expect(name).toMatch(/^[a-z0-9-]+\.webp$/);

    const put = s3.requests.find((r) => r.method === "PUT");
    expect(put).toMatchObject({ path: `/shop-uploads/avatars/${name}`, contentType: "image/webp" });
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=TESTKEYID\/\d{8}\/ap-south-1\/s3\/aws4_request/);
    expect(s3.objects.get(`/shop-uploads/avatars/${name}`)).toEqual(photo);

    expect(await storage.get("avatars", name)).toEqual(photo);

    await storage.remove("avatars", name);
    expect(s3.objects.size).toBe(0);
    expect(await storage.get("avatars", name)).toBeNull();
  });

  it("answers null for a name it never stored, and never sends a name outside its pattern", async () => {
    const before = s3.requests.length;
    expect(await storage.get("avatars", "0000000000-missing.webp")).toBeNull();
    expect(await storage.get("avatars", "../secrets.webp")).toBeNull();
    expect(await storage.get("../etc", "0000000000-x.webp")).toBeNull();
    await storage.remove("avatars", "../../other-bucket/file.webp");
    expect(s3.requests.slice(before).map((r) => r.path)).toEqual(["/shop-uploads/avatars/0000000000-missing.webp"]);
  });

  it("reports a refusal of the bucket instead of pretending the file is missing", async () => {
    s3.refuse(403);
    try {
      await expect(storage.get("avatars", "0000000000-any.webp")).rejects.toThrow();
      await expect(storage.put("avatars", "webp", Buffer.from("x"))).rejects.toThrow();
    } finally {
      s3.refuse(null);
    }
  });
});

describe("fileStorage()", () => {
  it("is the S3 bucket when S3_BUCKET is set, the uploads folder otherwise", async () => {
    const saved = { ...process.env };
    try {
      vi.resetModules();
      process.env.S3_BUCKET = "shop-uploads";
      const withBucket = await import("./storage");
      expect(withBucket.fileStorage()).toBeInstanceOf(withBucket.S3Storage);

      vi.resetModules();
      delete process.env.S3_BUCKET;
      const withoutBucket = await import("./storage");
      expect(withoutBucket.fileStorage()).not.toBeInstanceOf(withoutBucket.S3Storage);
    } finally {
      process.env = saved;
      vi.resetModules();
    }
  });
});
