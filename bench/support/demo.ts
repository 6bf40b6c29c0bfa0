/** The demo student the browser benches sign in as (the embedded default's demo data), and their rule for addresses. */
const DEMO = { email: "22z201@psgtech.ac.in", password: "skillexchange-demo" };

/** Signs the demo student in through GraphQL: their token and id. */
export async function demoLogin(url: string): Promise<{ token: string; userId: string }> {
  const r = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: "mutation ($input: LoginInput!) { login(input: $input) { token userId } }",
      variables: { input: DEMO },
    }),
  });
  const body = (await r.json()) as { data?: { login: { token: string; userId: string } }; errors?: Array<{ message: string }> };
  if (!body.data) throw new Error(`demo login failed: ${body.errors?.map((e) => e.message).join("; ")}`);
  return body.data.login;
}

/** Only loopback servers are load-tested or measured. */
export function assertLoopback(url: string): void {
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(url)) throw new Error(`only loopback servers are measured: ${url}`);
}
