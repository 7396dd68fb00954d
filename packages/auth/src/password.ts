import { hash, verify } from "@node-rs/argon2";

// argon2id with 19 MiB and 2 passes (OWASP's recommended minimum).
const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** True when a stored hash was made with weaker or other parameters and should be replaced at the next login. */
export function needsRehash(stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  return Number(match[1]) !== PARAMS.memoryCost || Number(match[2]) !== PARAMS.timeCost || Number(match[3]) !== PARAMS.parallelism;
}

/** A hash to verify against when the user does not exist, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("timing-equaliser-not-a-real-password");
  return dummy;
}

/** The argon2id parameters new hashes use. */
export const PASSWORD_HASH_PARAMS = PARAMS;

/** A hash with other argon2id parameters (imports from older systems, rehash tests). */
export function hashPasswordWithParams(
  password: string,
  params: { memoryCost: number; timeCost: number; parallelism?: number },
): Promise<string> {
  return hash(password, { algorithm: 2, parallelism: 1, ...params });
}
