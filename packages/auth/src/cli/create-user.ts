/**
 * Creates an account from the command line:
 *
 *   pnpm user:create --admin                       # prompts for everything
 *   pnpm user:create --username coach --email coach@example.com --admin
 *
 * The password is always asked for (hidden) unless --password-stdin is given, so it never lands in
 * shell history. Uses DATABASE_URL, or the embedded database in DATA_DIR.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { closeDb, getDb, type Database } from "@coach/db";
import { registerSchema } from "@coach/validators/auth";
import { createAccount, findUserByEmail, findUserByUsername } from "../accounts";

export interface CreateUserOptions {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  admin: boolean;
}

const USAGE = `Usage: pnpm user:create [--admin] [--username NAME] [--email ADDRESS] [--first-name NAME] [--last-name NAME] [--password-stdin]`;

/** Validates with the same rules as the registration form and creates the account. Returns an error message or the new user. */
export async function createUserFromOptions(db: Database, options: CreateUserOptions) {
  const parsed = registerSchema.safeParse({ ...options, confirmPassword: options.password });
  if (!parsed.success) return { error: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(". ") };
  if (await findUserByUsername(db, parsed.data.username)) return { error: `The username "${parsed.data.username}" is already taken.` };
  if (await findUserByEmail(db, parsed.data.email)) return { error: `An account with the email "${parsed.data.email}" already exists.` };
  const user = await createAccount(db, { ...parsed.data, role: options.admin ? "admin" : "user" });
  return { user };
}

async function ask(question: string, { hidden = false } = {}): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput?: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (s: string) => {
      if (!prompted) {
        process.stdout.write(s);
        prompted = true;
      }
    };
  }
  try {
    const answer = await rl.question(question);
    if (hidden && process.stdin.isTTY) process.stdout.write("\n");
    return answer.trim();
  } finally {
    rl.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main() {
  const { values } = parseArgs({
    options: {
      admin: { type: "boolean", default: false },
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "password-stdin": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const password = values["password-stdin"] ? await readStdin() : "";
  const options: CreateUserOptions = {
    admin: values.admin ?? false,
    username: values.username ?? (await ask("Username: ")),
    email: values.email ?? (await ask("Email: ")),
    firstName: values["first-name"] ?? (values.username ? undefined : await ask("First name (optional): ")),
    lastName: values["last-name"] ?? (values.username ? undefined : await ask("Last name (optional): ")),
    password: "",
  };
  if (password) {
    options.password = password;
  } else {
    options.password = await ask("Password: ", { hidden: true });
    const again = await ask("Repeat password: ", { hidden: true });
    if (again !== options.password) {
      console.error("Passwords do not match");
      process.exitCode = 1;
      return;
    }
  }
  try {
    const result = await createUserFromOptions(await getDb(), options);
    if ("error" in result) {
      console.error(result.error);
      process.exitCode = 1;
      return;
    }
    console.log(`Created ${result.user.role} account "${result.user.username}" (${result.user.email}).`);
  } finally {
    await closeDb();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
