"use client";

/* eslint-disable @next/next/no-img-element -- previews of files not uploaded yet are blob: URLs, and the thumbnails are small admin images */
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import type { AdminProductPhoto } from "@/lib/catalog/admin-product";
import { PHOTO_UPLOAD, PRODUCT_FIELD_MESSAGES } from "@/lib/catalog/product-schemas";
import { buttonClass, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from "../ui";

type PhotoAnswer = Promise<ActionResult<AdminProductPhoto[]>>;

type Pending = { key: string; file: File; url: string; alt: string };

const altOk = (alt: string) => alt.trim().length >= 3 && alt.trim().length <= 200;

/**
 * A product's photos: drop several at once (or choose them), each with its alt text (required:
 * the upload waits for it, and the server refuses without), sent with progress to
 * POST /api/v2/admin/products/{slug}/photos; then reorder (drag, or the up/down buttons by
 * keyboard), choose the main one, change alt text, delete (after a confirm). Each change is a
 * server action over the same services.
 */
export function PhotoManager({ slug, systemKey, photos: initial, reorder, update, remove }: { slug: string; /** The store API's System-Key (the back office's frame hands it to its scripts already). */ systemKey: string; photos: AdminProductPhoto[]; reorder: (slug: string, input: unknown) => PhotoAnswer; update: (slug: string, id: number, input: unknown) => PhotoAnswer; remove: (slug: string, id: number) => PhotoAnswer }) {
  const router = useRouter();
  const [photos, setPhotos] = useState(initial);
  const [queue, setQueue] = useState<Pending[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [over, setOver] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [, start] = useTransition();
  const input = useRef<HTMLInputElement>(null);

  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    // the page was refreshed (an upload): its photos replace what this list showed
    setShown(initial);
    setPhotos(initial);
  }

  const add = (files: FileList | File[]) => {
    const list = [...files].filter((f) => f.type.startsWith("image/") || f.type === "");
    const tooBig = list.filter((f) => f.size > PHOTO_UPLOAD.maxBytes);
    if (tooBig.length) setMessage({ ok: false, text: `${tooBig.map((f) => f.name).join(", ")}: a photo may be at most ${PHOTO_UPLOAD.maxBytes / 1024 / 1024} MB.` });
    const fits = list.filter((f) => f.size <= PHOTO_UPLOAD.maxBytes);
    setQueue((q) => [...q, ...fits.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, url: URL.createObjectURL(file), alt: "" }))].slice(0, PHOTO_UPLOAD.maxFiles));
  };

  const answer = (result: ActionResult<AdminProductPhoto[]>) => {
    setMessage({ ok: result.ok, text: result.message });
    if (result.ok && result.data) setPhotos(result.data);
  };

  const upload = () => {
    if (queue.length === 0 || queue.some((q) => !altOk(q.alt))) {
      setMessage({ ok: false, text: `Each photo needs its alt text. ${PRODUCT_FIELD_MESSAGES.alt}` });
      return;
    }
    const body = new FormData();
    for (const q of queue) {
      body.append("photos", q.file, q.file.name);
      body.append("alt", q.alt.trim());
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/v2/admin/products/${encodeURIComponent(slug)}/photos`);
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.setRequestHeader("System-Key", systemKey);
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ ok: false, text: "The upload did not reach the server: check the connection and try again." });
    };
    xhr.onload = () => {
      setProgress(null);
      let text = xhr.status < 300 ? "Photos added." : `The upload was refused (${xhr.status}).`;
      try {
        const json = JSON.parse(xhr.responseText) as { message?: string };
        if (json.message) text = json.message;
      } catch {}
      setMessage({ ok: xhr.status < 300, text });
      if (xhr.status < 300) {
        queue.forEach((q) => URL.revokeObjectURL(q.url));
        setQueue([]);
        router.refresh();
      }
    };
    setProgress(0);
    xhr.send(body);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setPhotos(next);
    start(async () => answer(await reorder(slug, { photo_ids: next.map((p) => p.id) })));
  };

  return (
    <div>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={`mb-3 text-sm ${message.ok ? "text-emerald-800" : "text-red-700"}`}>
          {message.text}
        </p>
      ) : null}
      {photos.length ? (
        <ol className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos, in the order the shop shows them">
          {photos.map((p, i) => (
            <li
              key={p.id}
              draggable
              onDragStart={() => setDragged(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null) move(dragged, i);
                setDragged(null);
              }}
              className="rounded-md border border-slate-200 p-2"
            >
              <div className="flex gap-2">
                <img src={p.path} alt={p.alt} width={96} height={96} className="h-24 w-24 shrink-0 rounded object-cover" />
                <div className="min-w-0 flex-1 text-xs text-slate-700">
                  <p className="font-medium">
                    Photo {i + 1} {i === 0 ? <span className="ml-1 rounded bg-emerald-50 px-1 text-emerald-800 ring-1 ring-emerald-300">Main</span> : null}
                  </p>
                  <p>
                    {p.width} × {p.height}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <button type="button" className={secondaryButtonClass} aria-label={`Move photo ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      ↑
                    </button>
                    <button type="button" className={secondaryButtonClass} aria-label={`Move photo ${i + 1} down`} disabled={i === photos.length - 1} onClick={() => move(i, i + 1)}>
                      ↓
                    </button>
                    {i > 0 ? (
                      <button type="button" className={secondaryButtonClass} onClick={() => start(async () => answer(await update(slug, p.id, { main: true })))}>
                        Make main
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className={dangerButtonClass}
                      aria-label={`Delete photo ${i + 1}`}
                      onClick={() => {
                        if (window.confirm(`Delete photo ${i + 1} (${p.alt})?`)) start(async () => answer(await remove(slug, p.id)));
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </div>
              </div>
              <form
                className="mt-2 flex gap-1"
                onSubmit={(e) => {
                  e.preventDefault();
                  const alt = String(new FormData(e.currentTarget).get("alt") ?? "");
                  start(async () => answer(await update(slug, p.id, { alt })));
                }}
              >
                <label className="sr-only" htmlFor={`alt-${p.id}`}>
                  Alt text of photo {i + 1}
                </label>
                <input id={`alt-${p.id}`} name="alt" defaultValue={p.alt} key={p.alt} required minLength={3} maxLength={200} className={inputClass} />
                <button type="submit" className={secondaryButtonClass}>
                  Save
                </button>
              </form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mb-3 text-sm text-slate-600">No photos yet.</p>
      )}

      <div
        onDragOver={(e) => {
          if (dragged !== null) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (dragged !== null) return;
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
        className={`rounded-md border-2 border-dashed p-4 text-center text-sm ${over ? "border-slate-700 bg-slate-50" : "border-slate-300"}`}
        data-testid="photo-drop"
      >
        <p className="text-slate-700">Drop photos here (up to {PHOTO_UPLOAD.maxFiles} at once, JPEG, PNG, WebP or AVIF, at least {PHOTO_UPLOAD.minSide} px on the shorter side), or</p>
        <label htmlFor="photo-files" className={`${secondaryButtonClass} mt-2 cursor-pointer`}>
          Choose photos…
        </label>
        <input
          ref={input}
          id="photo-files"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          className="sr-only"
          onChange={(e) => {
            if (e.target.files) add(e.target.files);
            e.target.value = "";
          }}
        />
      </div>

      {queue.length ? (
        <div className="mt-3 rounded-md border border-slate-200 p-3">
          <p className="mb-2 text-sm font-medium text-slate-800">To upload ({queue.length}): describe each photo for people who cannot see it.</p>
          <ul className="space-y-2">
            {queue.map((q, i) => (
              <li key={q.key} className="flex items-start gap-2">
                <img src={q.url} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded object-cover" />
                <div className="min-w-0 flex-1">
                  <label htmlFor={`new-alt-${i}`} className={labelClass}>
                    Alt text for {q.file.name}
                  </label>
                  <input id={`new-alt-${i}`} value={q.alt} onChange={(e) => setQueue((all) => all.map((x) => (x.key === q.key ? { ...x, alt: e.target.value } : x)))} required minLength={3} maxLength={200} className={inputClass} aria-invalid={q.alt !== "" && !altOk(q.alt) ? "true" : undefined} />
                </div>
                <button type="button" className={secondaryButtonClass} aria-label={`Do not upload ${q.file.name}`} onClick={() => {
                    URL.revokeObjectURL(q.url);
                    setQueue((all) => all.filter((x) => x.key !== q.key));
                  }}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center gap-3">
            <button type="button" className={buttonClass} onClick={upload} disabled={progress !== null || queue.some((q) => !altOk(q.alt))}>
              Upload {queue.length} photo{queue.length === 1 ? "" : "s"}
            </button>
            {progress !== null ? (
              <progress max={100} value={progress} aria-label="Upload progress" className="w-40">
                {progress}%
              </progress>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
