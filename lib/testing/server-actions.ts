import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The store's server actions, read statically from the "use server" modules under app/ (no code
 * runs): each exported function with the permission its first statement asks for. Held by
 * server-actions.test.ts (every action asks first) and walked on the running server by
 * app/api/v2/_tests/admin-actions.api.test.ts (every role without it is refused).
 */

export const ROOT = path.resolve(__dirname, "../..");

export type ServerAction = {
  /** The module, relative to the repository root, as Next's server-reference manifest names it. */
  file: string;
  name: string;
  /** "resource:action" of `requireStaffAction(resource, action)`, its first statement; null if it does not start so. */
  permission: string | null;
  /** Starts with `currentStaff()` and answers nothing to a visitor who is not staff (read-only lookups). */
  staffLookup: boolean;
};

function serverModules(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) serverModules(full, out);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const text = fs.readFileSync(full, "utf8");
      if (/^\s*["']use server["']/.test(text)) out.push(full);
    }
  }
  return out;
}

/** The first statement of a function body, looking inside `return staffAction(async () => { … })`. */
function firstWork(body: ts.Block): ts.Statement | undefined {
  const first = body.statements[0];
  if (first && ts.isReturnStatement(first) && first.expression && ts.isCallExpression(first.expression)) {
    const call = first.expression;
    if (ts.isIdentifier(call.expression) && call.expression.text === "staffAction") {
      const work = call.arguments[0];
      if (work && (ts.isArrowFunction(work) || ts.isFunctionExpression(work)) && ts.isBlock(work.body)) return work.body.statements[0];
    }
  }
  return first;
}

function calledName(statement: ts.Statement | undefined): { name: string; args: string[] } | null {
  if (!statement) return null;
  let expr: ts.Expression | undefined;
  if (ts.isVariableStatement(statement)) expr = statement.declarationList.declarations[0]?.initializer;
  else if (ts.isExpressionStatement(statement)) expr = statement.expression;
  if (expr && ts.isAwaitExpression(expr)) expr = expr.expression;
  if (!expr || !ts.isCallExpression(expr) || !ts.isIdentifier(expr.expression)) return null;
  return { name: expr.expression.text, args: expr.arguments.map((a) => (ts.isStringLiteral(a) ? a.text : a.getText())) };
}

export function serverActions(root: string = ROOT): ServerAction[] {
  const actions: ServerAction[] = [];
  for (const full of serverModules(path.join(root, "app"))) {
    const source = ts.createSourceFile(full, fs.readFileSync(full, "utf8"), ts.ScriptTarget.Latest, true);
    const file = path.relative(root, full).split(path.sep).join("/");
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name || !statement.body) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const call = calledName(firstWork(statement.body));
      const permission = call?.name === "requireStaffAction" && call.args.length === 2 ? `${call.args[0]}:${call.args[1]}` : null;
      const lookup = statement.body.statements.slice(0, 3).some((s) => calledName(s)?.name === "currentStaff");
      actions.push({ file, name: statement.name.text, permission, staffLookup: permission === null && lookup });
    }
  }
  return actions.sort((a, b) => `${a.file}#${a.name}`.localeCompare(`${b.file}#${b.name}`));
}
