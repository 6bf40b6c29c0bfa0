import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { ReportReason } from "../../../../common/chat.js";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection } from "../../shared/graphql-types.js";
import { ChatKind, ChatStatus, ReportResolution } from "../chat/chat.types.js";
import { HoldState } from "../coins/coins.types.js";
import { ReportQueueStatus } from "./moderation.rules.js";
import { OperatorActionKind } from "./operator-action.entity.js";

export { OperatorActionKind };

registerValueEnum(ReportQueueStatus, "ModerationReportStatus", "Which reports moderationReports lists.", {
  OPEN: "Not resolved yet (the default).",
  RESOLVED: "Resolved by an operator (dismissed or acted on).",
});

registerValueEnum(ReportResolution, "ReportResolution", "How an operator resolved a report.", {
  DISMISSED: "Closed without action.",
  WARNED: "The reported student was warned (they got an operator-warning notification).",
  SUSPENDED: "The reported student was suspended.",
  POST_HIDDEN: "One of the reported student's implement posts was hidden.",
});

registerValueEnum(OperatorActionKind, "OperatorAction", "What an operator did, as the audit log records it.", {
  DISMISS: "Dismissed a report.",
  WARN: "Warned a student.",
  SUSPEND: "Suspended a student.",
  UNSUSPEND: "Ended a suspension.",
  HIDE_POST: "Hid an implement post.",
  HIDE_REVIEW: "Hid a written review (the review report it answered is reportId; details name the review).",
  GRANT: "Made an account an operator (npm run operator).",
  REVOKE: "Took operator rights away (npm run operator).",
});

@ObjectType("ModerationStats", { simpleResolvers: true, description: "The console's counts; coins from the ledger." })
export class ModerationStatsType {
  @Field(() => Int, { description: "Students (deleted accounts aside) with a verified college address." })
  studentsVerified: number;

  @Field(() => Int, { description: "Students (deleted accounts aside) who have not verified their address yet." })
  studentsUnverified: number;

  @Field(() => Int, { description: "Chats in progress." })
  activeChats: number;

  @Field(() => Int, { description: "Chat reports no operator has resolved yet." })
  openReports: number;

  @Field(() => Int, { description: "Review reports no operator has resolved yet." })
  openReviewReports: number;

  @Field(() => Int, { description: "Sum of the students' spendable balances." })
  coinsInCirculation: number;

  @Field(() => Int, { description: "Coins held for lessons in progress." })
  coinsInEscrow: number;
}

@ObjectType("ModerationSuspension", { simpleResolvers: true, description: "A student's suspension, as the server reads it now." })
export class ModerationSuspensionType {
  @Field(() => Date, { description: "When it ends (or ended)." })
  until: Date;

  @Field(() => Boolean, { description: "Until further notice (suspended permanently)." })
  permanent: boolean;

  @Field(() => Boolean, { description: "In force now, by the server's clock; false once it has ended." })
  active: boolean;
}

@ObjectType("ModeratedStudent", { simpleResolvers: true, description: "A student as an operator sees them." })
export class ModeratedStudentType {
  @Field(() => ID, { description: "The student's user id." })
  id: string;

  @Field(() => String, { description: "Their username now ('Deleted student' after deletion)." })
  name: string;

  @Field(() => String, { description: "Their college address (operators only)." })
  email: string;

  @Field(() => Boolean, { description: "Whether they verified their address." })
  emailVerified: boolean;

  @Field(() => Date, { nullable: true, description: "Suspended until then (9999-12-31: permanently); null when not suspended." })
  suspendedUntil: Date | null;

  @Field(() => ModerationSuspensionType, {
    nullable: true,
    description: "Their latest suspension (permanent, in force now); null when never suspended or lifted.",
  })
  suspension: ModerationSuspensionType | null;

  @Field(() => Boolean, { description: "The account was deleted (its data erased or anonymised)." })
  deleted: boolean;
}

@ObjectType("ModerationEscrow", { simpleResolvers: true, description: "The coins held for a paid lesson and what became of them." })
export class ModerationEscrowType {
  @Field(() => Int, { description: "How many coins were held." })
  coins: number;

  @Field(() => HoldState, { description: "Held, released to the teacher or refunded to the learner." })
  state: HoldState;
}

@ObjectType("ModerationMessage", { simpleResolvers: true, description: "A message of a reported chat, shown to operators as evidence." })
export class ModerationMessageType {
  @Field(() => Int, { description: "1, 2, 3... within the chat." })
  seq: number;

  @Field(() => ID, { description: "The sender's user id (the reporter's or the reported student's)." })
  fromUserId: string;

  @Field(() => String, { description: "Plain text: render it as text, never as HTML." })
  body: string;

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;
}

@ObjectType("ModerationChat", {
  simpleResolvers: true,
  description: "The reported chat: its state, its ledger state and (on request) its messages as evidence.",
})
export class ModerationChatType {
  @Field(() => ID, { description: "The chat's id." })
  id: string;

  @Field(() => ChatKind, { description: "How the chat was opened." })
  kind: ChatKind;

  @Field(() => ChatStatus, { description: "Where the chat stands now, not when it was reported (a reported chat is SUSPENDED)." })
  status: ChatStatus;

  @Field(() => Date, { description: "Since when it has that status: when it ended, or when it opened while in progress." })
  statusSince: Date;

  @Field(() => Date, { description: "When the chat opened." })
  startDate: Date;

  @Field(() => Date, { nullable: true, description: "When it completed, was reported or closed; null while in progress." })
  endedAt: Date | null;

  @Field(() => Int, { description: "Coins paid for the lesson (pay chats)." })
  coins: number;

  @Field(() => String, { nullable: true, description: "An implement chat's project title; null otherwise." })
  title: string | null;

  @Field(() => ModerationEscrowType, {
    nullable: true,
    description: "The held coins and what became of them; null when no coins were held.",
  })
  escrow: ModerationEscrowType | null;

  @Field(() => Int, { description: "Messages in the chat." })
  messageCount: number;
}

@ObjectType("ModerationPost", { simpleResolvers: true, description: "An implement post of the reported student others can see." })
export class ModerationPostType {
  @Field(() => ID, { description: "The post's id (hideImplementPost postId)." })
  id: string;

  @Field(() => String, { description: "The post's title (plain text)." })
  title: string;

  @Field(() => Date, { description: "When it was posted." })
  createdAt: Date;
}

@ObjectType("ModerationReport", {
  simpleResolvers: true,
  description: "A participant's report about a chat, as operators see it (operators only).",
})
export class ModerationReportType {
  @Field(() => ID, { description: "The report's id (reportId of the moderation mutations)." })
  id: string;

  @Field(() => ReportReason, { description: "The reason the reporter chose." })
  reason: ReportReason;

  @Field(() => String, { nullable: true, description: "The reporter's own words (required with OTHER, at most 500 characters)." })
  details: string | null;

  @Field(() => Date, { description: "When the report was made." })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "When an operator resolved it; null while open." })
  resolvedAt: Date | null;

  @Field(() => ReportResolution, { nullable: true, description: "How it was resolved; null while open." })
  resolution: ReportResolution | null;

  @Field(() => ModeratedStudentType, { nullable: true, description: "Who reported; null when that account no longer exists." })
  reporter: ModeratedStudentType | null;

  @Field(() => ModeratedStudentType, { nullable: true, description: "Who was reported; null when that account no longer exists." })
  reported: ModeratedStudentType | null;

  @Field(() => Int, { description: "How many different partners reported the reported student." })
  reportedBy: number;

  @Field(() => Boolean, { description: "Reported by two or more different partners: listed first." })
  flagged: boolean;

  @Field(() => ModerationChatType, { nullable: true, description: "The reported chat; null when it no longer exists." })
  chat: ModerationChatType | null;
}

@ObjectType("OperatorActionEntry", { simpleResolvers: true, description: "One row of the append-only audit log." })
export class OperatorActionType {
  @Field(() => ID, { description: "The log row's id." })
  id: string;

  @Field(() => String, { description: "The operator's address then, or cli." })
  actor: string;

  @Field(() => OperatorActionKind, { description: "What was done." })
  action: OperatorActionKind;

  @Field(() => ID, { nullable: true, description: "The student the action concerned, if any." })
  targetUserId: string | null;

  @Field(() => ID, { nullable: true, description: "The report it acted on, if any." })
  reportId: string | null;

  @Field(() => ID, { nullable: true, description: "The implement post it hid, if any." })
  postId: string | null;

  @Field(() => String, { description: "The operator's why, as they typed it." })
  reason: string;

  @Field(() => String, { nullable: true, description: "What the server adds (a suspension's end, ...); null when nothing." })
  details: string | null;

  @Field(() => Date, { description: "When it was done." })
  createdAt: Date;
}

@InputType("SuspendStudentInput", { description: "A suspension: whom, how long and why. BAD_USER_INPUT for one's own account." })
export class SuspendStudentInput {
  @Field(() => ID, { description: "The student to suspend." })
  userId: string;

  @Field(() => Int, { nullable: true, description: "1 to 365; omit with permanent: true." })
  days?: number | null;

  @Field(() => Boolean, { nullable: true, description: "True: until further notice (the end is 9999-12-31); days is then ignored." })
  permanent?: boolean | null;

  @Field(() => String, { description: "Why (required; goes into the audit log and is shown to the student at sign-in)." })
  reason: string;

  @Field(() => ID, { nullable: true, description: "The report this acts on: it is resolved." })
  reportId?: string | null;
}

@ObjectType({ simpleResolvers: true, description: "Reports of the moderation queue, flagged first, then newest." })
export class ModerationReportConnection extends Connection<ModerationReportType>("ModerationReport", ModerationReportType) {}

@ObjectType({ simpleResolvers: true, description: "A page of the audit log, newest first." })
export class OperatorActionEntryConnection extends Connection<OperatorActionType>("OperatorActionEntry", OperatorActionType) {}

@ObjectType({ simpleResolvers: true, description: "A page of a reported chat's messages, oldest first." })
export class ModerationMessageConnection extends Connection<ModerationMessageType>("ModerationMessage", ModerationMessageType) {}

@ObjectType({ simpleResolvers: true, description: "A page of the reported student's visible implement posts, newest first." })
export class ModerationPostConnection extends Connection<ModerationPostType>("ModerationPost", ModerationPostType) {}
