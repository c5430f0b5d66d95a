/**
 * The resident memory (VmRSS) of the bench server and any processes it started, after all the
 * runs (target ≤ 350 MB on 10,000 products), read from Linux's /proc.
 */
import fs from "node:fs";
import type { Report } from "./load";

const TARGET_MB = 350;

export type ProcessMemory = { pid: number; command: string; rssKb: number; peakRssKb: number };

/** VmRSS and VmHWM (peak resident) of one process from /proc/<pid>/status, in kB; null when it is gone. */
function readStatus(pid: number): ProcessMemory | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  let command = "";
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    // gone between the two reads
  }
  return { pid, command, rssKb: field("VmRSS"), peakRssKb: field("VmHWM") };
}

/** Parent pid of every running process, from /proc/<pid>/stat (the field after the command's closing parenthesis). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      out.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/**
 * Resident memory of `pid` and all its descendants (Linux /proc). Returns null where /proc is
 * not there (not Linux), so callers can say the figure was not taken.
 */
export function processTreeMemory(pid: number): { processes: ProcessMemory[]; rssKb: number } | null {
  if (!fs.existsSync(`/proc/${pid}/status`)) return null;
  const ppids = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of ppids) if (parent === tree[i]) tree.push(child);
  }
  const processes = tree.map(readStatus).filter((p): p is ProcessMemory => p !== null);
  return { processes, rssKb: processes.reduce((n, p) => n + p.rssKb, 0) };
}

/** Measured by measure(), once the runs are over. */
export function memoryBench(productCount: number) {
  let memory: ReturnType<typeof processTreeMemory> = null;
  return {
    /** The server (`pid`) and what it started, now. */
    measure(pid: number | undefined) {
      memory = pid === undefined ? null : processTreeMemory(pid);
    },
    report(): Report {
      if (!memory) return { rows: [], lines: ["resident memory: not measured (no /proc)"], ok: false, json: { memory: null } };
      const rssMb = memory.rssKb / 1024;
      const ok = rssMb <= TARGET_MB;
      const processes = memory.processes.map((p) => `pid ${p.pid} ${(p.rssKb / 1024).toFixed(0)} MB, peak ${(p.peakRssKb / 1024).toFixed(0)} MB: ${p.command.slice(0, 60)}`).join("; ");
      return {
        rows: [],
        lines: [`resident memory after the runs: ${rssMb.toFixed(0)} MB on ${productCount} products (${processes}) (target ≤ ${TARGET_MB} MB) ${ok ? "OK" : "ABOVE TARGET"}`],
        ok,
        json: { memory: { products: productCount, rssMb, target: TARGET_MB, processes: memory.processes } },
      };
    },
  };
}
