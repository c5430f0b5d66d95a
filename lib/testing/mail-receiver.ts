import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as the tests read it. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  /** The Message-ID header, as sent. */
  messageId: string;
  text: string;
  html: string;
  receivedAt: number;
  /** Attached files, their bytes in base64 (absent when the mail had none). */
  attachments?: Array<{ filename: string; contentType: string; base64: string }>;
};

/**
 * A real SMTP server for tests (smtp-server). The store under test sends to it over SMTP_URL
 * like to any mail server; every mail it accepts is parsed (mailparser) and written as a JSON
 * file into `dir`, where test files in other processes read it with readMailbox(). `refuse(reason)`
 * makes it answer every recipient with a temporary failure (451 and the reason) until
 * `refuse(null)`, as a mail server that is down or over quota does.
 */
export async function startMailReceiver(folder?: string): Promise<{ url: string; dir: string; refuse: (reason: string | null) => void; stop: () => Promise<void> }> {
  const dir = folder ?? fs.mkdtempSync(path.join(os.tmpdir(), "furnish-mail-"));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  let refusal: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal === null) return callback();
      callback(Object.assign(new Error(refusal), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
          const record: ReceivedMail = {
            to,
            from: mail.from?.text ?? "",
            subject: mail.subject ?? "",
            messageId: mail.messageId ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            receivedAt: Date.now(),
          };
          if (mail.attachments.length) {
            record.attachments = mail.attachments.map((a) => ({ filename: a.filename ?? "", contentType: a.contentType, base64: a.content.toString("base64") }));
          }
          const file = path.join(dir, `${Date.now()}-${String(++count).padStart(5, "0")}.json`);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(record));
          fs.renameSync(`${file}.tmp`, file);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      // A sender's connection broken in the middle of a mail (a store killed with SIGKILL, as the
      // crash tests do: ECONNRESET after MAIL FROM) is an "error" on the server, and without a
      // listener Node throws it out of the test process. A mail server carries on.
      server.on("error", () => undefined);
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    refuse: (reason) => void (refusal = reason),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(dir, { recursive: true, force: true });
      }),
  };
}

/** Every mail received so far, oldest first. */
export function readMailbox(dir: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as ReceivedMail);
}

/** Waits for a mail to `to` received after `since` (ms epoch) whose subject matches. */
export async function waitForMail(dir: string, to: string, options: { since?: number; subject?: RegExp; timeoutMs?: number } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const found = readMailbox(dir).find(
      (m) => m.to.includes(to.toLowerCase()) && m.receivedAt >= (options.since ?? 0) && (!options.subject || options.subject.test(m.subject)),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to}${options.subject ? ` matching ${options.subject}` : ""} within ${options.timeoutMs ?? 10_000} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of a code mail. */
export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No code in mail "${mail.subject}"`);
  return match[1] as string;
}

/** The reset link's token of a reset mail. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`No reset link in mail "${mail.subject}"`);
  return match[1] as string;
}
