/**
 * A gateway's error can quote the request it failed on (an SDK puts the URL with the number and the code
 * in its message). Logs keep the error, never what it quotes: each secret becomes a mask of its kind.
 */
export function redactSecrets(text: string, secrets: Array<{ value: string; mask: string }>): string {
  return secrets.filter((s) => s.value.length > 0).reduce((out, s) => out.split(s.value).join(s.mask), text);
}
