/** GraphQL documents and helpers shared by the implements suites. */
import type { TestApp } from "../../../test/harness.js";

export const POST_FIELDS =
  "id title description visible ownerId isMine owner { id name } myApplication { status } applicants { edges { node { userId userName description status reason user { id name } } } }";
export const CREATE = `mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { ${POST_FIELDS} } }`;
export const LIST = `query ($first: Int, $after: String) { implementPosts(first: $first, after: $after) { edges { node { ${POST_FIELDS} } } pageInfo { endCursor hasNextPage } } }`;
export const MINE = `query ($first: Int, $after: String) { myImplementPosts(first: $first, after: $after) { edges { node { ${POST_FIELDS} } } pageInfo { endCursor hasNextPage } } }`;
export const DETAILS = `query ($id: ID!) { implementPost(id: $id) { ${POST_FIELDS} } }`;
export const JOIN = `mutation ($input: JoinImplementPostInput!) { joinImplementPost(input: $input) { id postId userId userName status description } }`;
export const ACCEPT = `mutation ($input: ImplementApplicantInput!) { acceptImplementApplicant(input: $input) { userId status reason } }`;
export const REJECT = `mutation ($input: RejectImplementApplicantInput!) { rejectImplementApplicant(input: $input) { userId status reason } }`;
export const REJECT_PERMANENTLY = `mutation ($input: RejectImplementApplicantInput!) { rejectImplementApplicantPermanently(input: $input) { userId status reason } }`;
export const VISIBILITY = `mutation ($postId: ID!, $visible: Boolean!) { setImplementPostVisibility(postId: $postId, visible: $visible) { id visible } }`;

export type TestUser = Awaited<ReturnType<TestApp["createUser"]>>;

export async function post(t: TestApp, owner: TestUser, title = "Build a campus app", description = "Looking for two React developers") {
  const r = await t.gql(CREATE, { input: { title, description } }, owner.token);
  if (r.errors) throw new Error(r.errors[0].message);
  return r.data.createImplementPost as { id: string; title: string };
}

export async function join(t: TestApp, user: TestUser, postId: string, description = "I know React and Node") {
  return t.gql(JOIN, { input: { postId, description } }, user.token);
}

/** Every post id the viewer's list shows, following cursors to the end. */
export async function listAll(t: TestApp, viewer: TestUser, first = 10): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const r: any = await t.gql(LIST, { first, after }, viewer.token);
    if (r.errors) throw new Error(r.errors[0].message);
    ids.push(...r.data.implementPosts.edges.map((e: any) => e.node).map((p: { id: string }) => p.id));
    if (!r.data.implementPosts.pageInfo.hasNextPage) return ids;
    after = r.data.implementPosts.pageInfo.endCursor;
  }
}

export const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;
export const message = (r: { errors?: Array<{ message: string }> }) => r.errors?.[0]?.message;
