/**
 * npm run staff:create -- --email owner@example.com [--role owner] [--name "Meera Rao"] [--token "deploy script"]
 *
 * Makes a staff member outside the back office — the shop's first owner — on the database
 * DATABASE_URL names (migrated first), and prints a one-time link that sets their password (it
 * expires after 72 hours; running the command again prints a fresh one and spends the old). An
 * existing account of that email (a customer's) gets the role. With --token, also a personal API
 * token for them with every permission of the role, printed once (scripts use it as
 * `Authorization: Bearer …`). Runs with the react-server condition (package.json), as the
 * services it calls are server-only.
 */
// The modules themselves, not lib/accounts' index: it brings the session helpers of pages (next/navigation).
import { createStaffMember } from "../lib/accounts/server/staff/staff";
import { insertToken } from "../lib/accounts/server/staff/token-rows";
import { permissionsOf, STAFF_ROLES, type StaffRole } from "../lib/accounts/access";
import { emailField } from "../lib/platform/fields";
import { getDb } from "../lib/platform/db";
import { migrateToLatest } from "../lib/platform/db/migrate";
import { writeTransaction } from "../lib/platform/db/transaction";
import { argsOrExit, runCommand, withDatabase } from "./lib/command";

const USAGE = `Usage: npm run staff:create -- --email EMAIL [--role ROLE] [--name NAME] [--token TOKEN_NAME]
  --email EMAIL       the staff member's email address
  --role ROLE         one of ${STAFF_ROLES.join(", ")} (default owner)
  --name NAME         their name (default: the email's local part; an existing account keeps its own)
  --token TOKEN_NAME  also issue a personal API token with every permission of the role, printed once`;

type Args = { email?: string; role: StaffRole; name?: string; token?: string; help: boolean };

function parseArgs(argv: string[]): Args | string {
  const out: Args = { role: "owner", help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--help" || arg === "-h") {
      out.help = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const [flag, inline] = arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value.`);
      return v;
    };
    try {
      if (flag === "--email") {
        const parsed = emailField.safeParse(value());
        if (!parsed.success) return `--email: ${parsed.error.issues[0]?.message ?? "not an email address"}`;
        out.email = parsed.data;
      } else if (flag === "--role") {
        const role = value();
        if (!(STAFF_ROLES as string[]).includes(role)) return `--role must be one of ${STAFF_ROLES.join(", ")}, not "${role}".`;
        out.role = role as StaffRole;
      } else if (flag === "--name") {
        out.name = value().trim().slice(0, 100);
      } else if (flag === "--token") {
        out.token = value().trim().slice(0, 80);
      } else {
        return `Unknown argument "${arg}".`;
      }
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (!out.help && !out.email) return "--email is required.";
  return out;
}

async function main(): Promise<number> {
  const args = argsOrExit(parseArgs(process.argv.slice(2)), USAGE);
  if (typeof args === "number") return args;
  // The services below use the process-wide handle (getDb), so this is the one to close.
  return withDatabase(async (handle) => {
    await migrateToLatest(handle);
    const made = await createStaffMember({ email: args.email as string, name: args.name, role: args.role });
    console.log(`${args.email} is ${args.role} (user ${made.userId}, ${made.created ? "a new account" : "an existing account"}).`);
    console.log(`Set the password with this link, once, before ${made.expiresAt}:\n\n  ${made.link}\n`);
    console.log("Then sign in to the back office (POST /api/v2/admin/auth/login) and set up the second factor (docs/operations.md \"Back office\").");
    if (args.token) {
      const token = await writeTransaction(handle, (trx) => insertToken(trx, { userId: made.userId, name: args.token as string, scopes: permissionsOf([args.role]), createdBy: null, expiresAt: null }));
      console.log(`\nAPI token "${args.token}" (every permission of ${args.role}; shown once, stored hashed):\n\n  ${token.token}\n`);
    }
    return 0;
  }, getDb);
}

runCommand(main);
