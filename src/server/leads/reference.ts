import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a reference is read out over the phone.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short request number such as "K7M-4QZ": 31⁶ ≈ 887 million of them. */
export function newReference(): string {
  const chars = Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 3).join('')}-${chars.slice(3).join('')}`;
}
