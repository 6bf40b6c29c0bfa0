import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Connection } from "../../shared/graphql-types.js";

@ObjectType("ModerationStats", { description: "The console's counts; coins from the ledger." })
export class ModerationStatsType {
  @Field(() => Int, { description: "Students (deleted accounts aside) with a verified college address." })
  studentsVerified: number;

  @Field(() => Int)
  studentsUnverified: number;

  @Field(() => Int, { description: "Chats in progress." })
  activeChats: number;

  @Field(() => Int)
  openReports: number;

  @Field(() => Int, { description: "Sum of the students' spendable balances." })
  coinsInCirculation: number;

  @Field(() => Int, { description: "Coins held for lessons in progress." })
  coinsInEscrow: number;
}

@ObjectType("ModeratedStudent", { description: "A student as an operator sees them." })
export class ModeratedStudentType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  email: string;

  @Field(() => Boolean)
  emailVerified: boolean;

  @Field(() => Date, { nullable: true, description: "Suspended until then (9999-12-31: permanently); null when not suspended." })
  suspendedUntil: Date | null;

  @Field(() => Boolean)
  deleted: boolean;
}

@ObjectType("ModerationEscrow", { description: "The coins held for a paid lesson and what became of them." })
export class ModerationEscrowType {
  @Field(() => Int)
  coins: number;

  @Field(() => String, { description: "held | released (paid to the teacher) | refunded (back to the learner)" })
  state: string;
}

@ObjectType("ModerationMessage")
export class ModerationMessageType {
  @Field(() => Int)
  seq: number;

  @Field(() => ID)
  fromUserId: string;

  @Field(() => String)
  body: string;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType("ModerationChat", { description: "The reported chat: its state, its ledger state and (on request) its messages as evidence." })
export class ModerationChatType {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "swap | pay | implement" })
  kind: string;

  @Field(() => String, { description: "in_progress | completed | suspended | closed" })
  status: string;

  @Field(() => Date)
  startDate: Date;

  @Field(() => Date, { nullable: true })
  endedAt: Date | null;

  @Field(() => Int, { description: "Coins paid for the lesson (pay chats)." })
  coins: number;

  @Field(() => String, { nullable: true })
  title: string | null;

  @Field(() => ModerationEscrowType, { nullable: true, description: "null when no coins were held." })
  escrow: ModerationEscrowType | null;

  @Field(() => Int, { description: "Messages in the chat." })
  messageCount: number;
}

@ObjectType("ModerationPost", { description: "An implement post of the reported student others can see." })
export class ModerationPostType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  title: string;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType("ModerationReport")
export class ModerationReportType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  reason: string;

  @Field(() => String, { nullable: true })
  details: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  resolvedAt: Date | null;

  @Field(() => String, { nullable: true, description: "dismissed | warned | suspended | post-hidden" })
  resolution: string | null;

  @Field(() => ModeratedStudentType, { nullable: true })
  reporter: ModeratedStudentType | null;

  @Field(() => ModeratedStudentType, { nullable: true })
  reported: ModeratedStudentType | null;

  @Field(() => Int, { description: "How many different partners reported the reported student." })
  reportedBy: number;

  @Field(() => Boolean, { description: "Reported by two or more different partners: listed first." })
  flagged: boolean;

  @Field(() => ModerationChatType, { nullable: true })
  chat: ModerationChatType | null;
}

@ObjectType("OperatorActionEntry", { description: "One row of the append-only audit log." })
export class OperatorActionType {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "The operator's address then, or cli." })
  actor: string;

  @Field(() => String, { description: "dismiss | warn | suspend | unsuspend | hide-post | grant | revoke" })
  action: string;

  @Field(() => ID, { nullable: true })
  targetUserId: string | null;

  @Field(() => ID, { nullable: true })
  reportId: string | null;

  @Field(() => ID, { nullable: true })
  postId: string | null;

  @Field(() => String)
  reason: string;

  @Field(() => String, { nullable: true })
  details: string | null;

  @Field(() => Date)
  createdAt: Date;
}

@InputType("SuspendStudentInput")
export class SuspendStudentInput {
  @Field(() => ID)
  userId: string;

  @Field(() => Int, { nullable: true, description: "1 to 365; omit with permanent: true." })
  days?: number | null;

  @Field(() => Boolean, { nullable: true })
  permanent?: boolean | null;

  @Field(() => String, { description: "Why (required; goes into the audit log and is shown to the student at sign-in)." })
  reason: string;

  @Field(() => ID, { nullable: true, description: "The report this acts on: it is resolved." })
  reportId?: string | null;
}

@ObjectType({ description: "Reports of the moderation queue, flagged first, then newest." })
export class ModerationReportConnection extends Connection<ModerationReportType>("ModerationReport", ModerationReportType) {}

@ObjectType({ description: "A page of the audit log, newest first." })
export class OperatorActionEntryConnection extends Connection<OperatorActionType>("OperatorActionEntry", OperatorActionType) {}

@ObjectType({ description: "A page of a reported chat's messages, oldest first." })
export class ModerationMessageConnection extends Connection<ModerationMessageType>("ModerationMessage", ModerationMessageType) {}

@ObjectType({ description: "A page of the reported student's visible implement posts, newest first." })
export class ModerationPostConnection extends Connection<ModerationPostType>("ModerationPost", ModerationPostType) {}
