import { once } from "node:events";
import net from "node:net";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import { readMailbox, startMailReceiver } from "./mail-receiver";

const receivers: Awaited<ReturnType<typeof startMailReceiver>>[] = [];
afterAll(async () => {
  for (const r of receivers) await r.stop();
});

/** A sender that dies after MAIL FROM and RCPT TO (a store killed by a crash test): its connection is reset. */
async function dieInTheMiddle(port: number): Promise<void> {
  const socket = net.connect(port, "127.0.0.1");
  const say = async (line: string) => {
    socket.write(`${line}\r\n`);
    await once(socket, "data");
  };
  await once(socket, "data");
  await say("EHLO crashing.example");
  await say("MAIL FROM:<care@kesarhome.in>");
  await say("RCPT TO:<asha@example.com>");
  socket.resetAndDestroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("the tests' mail receiver", () => {
  it("carries on when senders die in the middle of a mail, again and again, and takes the next one", async () => {
    const receiver = await startMailReceiver();
    receivers.push(receiver);
    const port = Number(new URL(receiver.url).port);
    for (let i = 0; i < 3; i++) await dieInTheMiddle(port);

    await nodemailer.createTransport(receiver.url).sendMail({ from: "care@kesarhome.in", to: "asha@example.com", subject: "After the crash", text: "Still here." });
    expect(readMailbox(receiver.dir).map((m) => m.subject)).toEqual(["After the crash"]);
  });
});
