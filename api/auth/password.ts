import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's recommended minimum or above: 19 MiB of memory, 2 iterations, 1 lane.
 * (@node-rs/argon2 defaults to Argon2id.)
 */
export const argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Parameters);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
