import { Gender as GENDER_TEXT } from "../../../common/profiles";
import type { Gender } from "../gql/graphql";

/** The schema's Gender values with the words the spec shows; typed so a value the schema adds is a compile error. */
const TEXT: Record<Gender, string> = GENDER_TEXT;

/** The gender select's options: the schema's value, the spec's word. */
export const GENDER_OPTIONS = (Object.keys(TEXT) as Gender[]).map((value) => ({ value, label: TEXT[value] }));

export const isGender = (value: string): value is Gender => Object.hasOwn(TEXT, value);

/** "Male" / "Female" for a schema value; null when not given. */
export const genderText = (gender: Gender | null | undefined): string | null => (gender ? TEXT[gender] : null);

/** The last segment of the spec's /user/{id}/{viewer}/{gender} links: the spec's word, "undefined" when not given. */
export const genderSegment = (gender: Gender | null | undefined): string => genderText(gender) ?? "undefined";
