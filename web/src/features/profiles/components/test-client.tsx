import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { render } from "@testing-library/react";
import { GraphQLError } from "graphql";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { Observable } from "rxjs";
import { typePolicies } from "../../../lib/type-policies";

/** Answers per operation name; a thrown AppError-like object becomes a GraphQL error with its code. */
export type Handlers = Record<string, (variables: Record<string, unknown>) => unknown>;

export function gqlError(message: string, code: string) {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * A real Apollo Client over a fake link that records every operation it is asked for. `routes` may
 * be made from the client (a route's loader that uses it).
 */
export function renderWithClient(
  routes: RouteObject[] | ((client: ApolloClient) => RouteObject[]),
  initialPath: string,
  handlers: Handlers,
  extra?: ReactNode,
) {
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? "";
        sent.push({ name, variables: operation.variables });
        const handler = handlers[name];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`no handler for ${name}`);
            return handler(operation.variables);
          })
          .then(
            (data) => {
              observer.next({ data: data as Record<string, unknown> });
              observer.complete();
            },
            (e) => {
              if (e instanceof GraphQLError) {
                observer.next({ errors: [e.toJSON()] });
                observer.complete();
              } else observer.error(e);
            },
          );
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) });
  const router = createMemoryRouter(typeof routes === "function" ? routes(client) : routes, { initialEntries: [initialPath] });
  render(
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
      {extra}
    </ApolloProvider>,
  );
  return { router, sent, client };
}
