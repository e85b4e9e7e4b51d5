/** An authenticated form POST against the test server, returning the raw envelope (refusals included). */
export async function userPost(
  baseUrl: string,
  token: string,
  path: string,
  params: Record<string, string> = {},
): Promise<{ status: number; msg: string; data: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { token, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams(params).toString(),
  });
  return (await res.json()) as { status: number; msg: string; data: unknown };
}
