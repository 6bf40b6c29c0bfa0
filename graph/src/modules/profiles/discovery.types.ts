import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { CATEGORIES, LANGUAGES } from "../../../../common/profiles.js";
import { MAX_COINS_FILTER, SAVED_SEARCH_MAX } from "../../../../common/discovery.js";
import { SearchFilter } from "./search-filter.js";

@InputType("DirectoryFilters", {
  description:
    "Narrows the feed or a search; every filter is optional and they combine (all must hold). The feed keeps its ranking " +
    "within them. A filtered page reads a bounded stretch of the directory: it may hold fewer students than asked while " +
    "`hasNextPage` is true; `endCursor` then keeps looking.",
})
export class DirectoryFiltersInput {
  @Field(() => String, { nullable: true, description: `They teach a skill of this category: one of ${CATEGORIES.join(", ")}.` })
  category?: string | null;

  @Field(() => String, { nullable: true, description: "They teach this skill (the whole skill; case and accents ignored)." })
  skill?: string | null;

  @Field(() => String, { nullable: true, description: `They speak this language: one of ${LANGUAGES.join(", ")}.` })
  language?: string | null;

  @Field(() => Float, { nullable: true, description: "Their rating as the profile shows it is at least this (1 to 5)." })
  minRating?: number | null;

  @Field(() => Int, { nullable: true, description: `They ask at most this many skill coins per course (0 to ${MAX_COINS_FILTER}).` })
  maxCoins?: number | null;

  @Field(() => Boolean, { nullable: true, description: "Only students online now (who let it show). false is no filter." })
  onlineNow?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Only students who taught at least one finished swap. false is no filter." })
  hasTaught?: boolean | null;
}

@ObjectType("DirectoryFiltersValue", { simpleResolvers: true, description: "The filters of a saved search (unset ones are null)." })
export class DirectoryFiltersValue {
  @Field(() => String, { nullable: true, description: "A category of a skill they teach." })
  category: string | null;
  @Field(() => String, { nullable: true, description: "A skill they teach." })
  skill: string | null;
  @Field(() => String, { nullable: true, description: "A language they speak." })
  language: string | null;
  @Field(() => Float, { nullable: true, description: "Minimum rating." })
  minRating: number | null;
  @Field(() => Int, { nullable: true, description: "Maximum skill coins per course." })
  maxCoins: number | null;
  @Field(() => Boolean, { description: "Online now only." })
  onlineNow: boolean;
  @Field(() => Boolean, { description: "Has taught before only." })
  hasTaught: boolean;
}

@ObjectType("SavedSearch", { simpleResolvers: true, description: `A search the student saved (at most ${SAVED_SEARCH_MAX}).` })
export class SavedSearchType {
  @Field(() => ID, { description: "The saved search's id (for deleteSavedSearch and setSavedSearchAlerts)." })
  id: string;
  @Field(() => String, { description: "The student's name for it." })
  name: string;
  @Field(() => String, { description: "The search text; empty for a filtered feed." })
  query: string;
  @Field(() => SearchFilter, { description: "Which field the text matches." })
  field: SearchFilter;
  @Field(() => DirectoryFiltersValue, { description: "The filters it narrows by." })
  filters: DirectoryFiltersValue;
  @Field(() => Boolean, {
    description: "Whether new matches are announced (at most once a day, through the student's notification channels).",
  })
  alertsOn: boolean;
  @Field(() => Date, { nullable: true, description: "When the last alert was sent." })
  lastAlertAt: Date | null;
  @Field(() => Date, { description: "When it was saved." })
  createdAt: Date;
}

@InputType("SavedSearchInput", { description: "A search to save: a name, and a search text and/or filters." })
export class SavedSearchInput {
  @Field(() => String, { description: "1 to 60 characters." })
  name: string;
  @Field(() => String, { nullable: true, description: "The search text (empty or omitted: the filtered feed)." })
  query?: string | null;
  @Field(() => SearchFilter, { nullable: true, description: "Which field the text matches (name by default)." })
  field?: SearchFilter | null;
  @Field(() => DirectoryFiltersInput, { nullable: true, description: "The filters to narrow by (omitted: none)." })
  filters?: DirectoryFiltersInput | null;
  @Field(() => Boolean, { nullable: true, description: "Announce new matches (default true)." })
  alertsOn?: boolean | null;
}
