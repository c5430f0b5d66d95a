import net from "node:net";
import { describe, expect, it } from "vitest";
import { portTaken } from "./server";

describe("the bench's server port", () => {
  it("is taken while something listens on it, and free once it stops", async () => {
    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as net.AddressInfo;
    expect(await portTaken(port)).toBe(true);
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    expect(await portTaken(port)).toBe(false);
  });
});
