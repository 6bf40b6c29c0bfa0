import { registerEnumType } from "type-graphql";

/**
 * A closed set of values as a GraphQL enum. `values` maps each UPPER_CASE GraphQL name to the
 * string the database and the REST layer use (the spec's), so resolvers keep handling the spec's
 * strings while GraphQL clients see `PENDING`. Every value needs a description: a new one that
 * has none is a type error.
 */
export function registerValueEnum<T extends Record<string, string>>(
  values: T,
  name: string,
  description: string,
  valueDescriptions: { [K in keyof T]: string },
): void {
  registerEnumType(values, {
    name,
    description,
    valuesConfig: Object.fromEntries(Object.entries(valueDescriptions).map(([k, d]) => [k, { description: d }])) as {
      [K in keyof T]: { description: string };
    },
  });
}

/** The value type of an enum object: `ValueOf<typeof ChatStatus>` is "in_progress" | ... */
export type ValueOf<T> = T[keyof T];
