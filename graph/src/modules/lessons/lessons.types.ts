import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { Connection, UserSummaryFields } from "../../shared/graphql-types.js";
import type { LessonPage } from "./lesson-reads.service.js";
import type { LessonRecord } from "./lesson.entity.js";

export enum LessonStatusValue {
  PROPOSED = "proposed",
  SCHEDULED = "scheduled",
  CANCELLED = "cancelled",
}

registerEnumType(LessonStatusValue, {
  name: "LessonStatus",
  description: "Where a lesson stands.",
  valuesConfig: {
    PROPOSED: { description: "Proposed with one or more slots; waiting for the partner to accept one." },
    SCHEDULED: { description: "A slot was accepted: both students got a calendar invitation." },
    CANCELLED: { description: "Withdrawn or declined before acceptance, or called off after it." },
  },
});

@ObjectType("LessonPartner", { simpleResolvers: true, description: "The other student of a lesson, seen by the viewer." })
export class LessonPartnerView extends UserSummaryFields {}

@ObjectType("LessonSlot", { simpleResolvers: true, description: "One proposed time of a lesson." })
export class LessonSlotView {
  @Field(() => ID, { description: "Pass it to acceptLessonSlot." })
  id: string;

  @Field(() => Date, { description: "The start, as a UTC instant (show it in the viewer's local time)." })
  startsAt: Date;

  @Field(() => Int, { description: "Length in minutes (15..240)." })
  durationMinutes: number;
}

@ObjectType("Lesson", { simpleResolvers: true, description: "A lesson planned in a chat: a proposal of slots, then a scheduled session." })
export class LessonView {
  @Field(() => ID, { description: "Also the calendar invitation's UID (with `@skill-exchange`)." })
  id: string;

  @Field(() => ID, { description: "The chat it belongs to." })
  chatId: string;

  @Field(() => LessonStatusValue, { description: "Proposed, scheduled or cancelled." })
  status: LessonStatusValue;

  @Field(() => Boolean, { description: "Whether the viewer proposed it (the proposer cannot accept)." })
  proposedByMe: boolean;

  @Field(() => ID, { description: "The partner's user id: their chat page is /user/chat/{partnerId}." })
  partnerId: string;

  @Field(() => String, { description: "The IANA time zone the proposer (or the last rescheduler) planned in." })
  timezone: string;

  @Field(() => [LessonSlotView], { description: "The proposed slots, earliest first." })
  slots: LessonSlotView[];

  @Field(() => Date, { nullable: true, description: "The accepted start (UTC); null while proposed." })
  startsAt: Date | null;

  @Field(() => Date, { nullable: true, description: "The accepted end (UTC); null while proposed." })
  endsAt: Date | null;

  @Field(() => Int, { nullable: true, description: "The accepted length in minutes; null while proposed." })
  durationMinutes: number | null;

  @Field(() => Int, { description: "The calendar SEQUENCE of the latest invitation (0, then +1 per reschedule or cancellation)." })
  sequence: number;

  @Field(() => Date, { description: "When it was proposed." })
  createdAt: Date;
}

@ObjectType("LessonConnection", { simpleResolvers: true, description: "A page of lessons (Relay connection: first/after)." })
export class LessonConnection extends Connection<LessonView>("Lesson", LessonView) {}

@InputType("LessonSlotInput", { description: "A time for a lesson: a UTC instant and a length." })
export class LessonSlotInput {
  @Field(() => Date, {
    description: "The start as an ISO instant (the browser converts the student's local time); in the future, within 180 days.",
  })
  startsAt: Date;

  @Field(() => Int, { description: "Length in minutes, 15..240." })
  durationMinutes: number;
}

/** A record as the viewer sees it. */
export function toLessonView(l: LessonRecord, viewerId: string): LessonView {
  return {
    id: l.id,
    chatId: l.chatId,
    status: l.status as LessonStatusValue,
    proposedByMe: l.proposerId === viewerId,
    partnerId: l.proposerId === viewerId ? l.partnerId : l.proposerId,
    timezone: l.timezone,
    slots: l.slots.map((s) => ({ id: s.id, startsAt: s.startsAt, durationMinutes: s.durationMinutes })),
    startsAt: l.startsAt,
    endsAt: l.endsAt,
    durationMinutes: l.durationMinutes,
    sequence: l.sequence,
    createdAt: l.createdAt,
  };
}

export function toLessonConnection(page: LessonPage, viewerId: string): LessonConnection {
  return {
    edges: page.items.map((l, i) => ({ cursor: page.cursors[i]!, node: toLessonView(l, viewerId) })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.endCursor,
    },
  };
}
