/**
 * PF v1 §1: the player's client seed comes from the browser, 16 random bytes as 32 hex characters
 * (issue 24 §13: the server never makes one up). The web sends a fresh one at sign-up and at every login;
 * the server keeps it only for an active seed pair that has none.
 */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
