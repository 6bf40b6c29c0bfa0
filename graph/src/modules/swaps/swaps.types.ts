import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { formerStudent } from "../../shared/graphql-types.js";
import type { UsersService } from "../accounts/users.service.js";
import { NotificationUser, SkillRef } from "../notifications/notifications.types.js";
import { SwapKind, type SwapRequest, SwapStatus } from "./swap-request.entity.js";

registerValueEnum(SwapKind, "SwapRequestKind", "What a request offers in return for the skill asked for.", {
  SWAP: "A skill of the requester's, taught in exchange.",
  PAY: "Skill coins (skillCoins), paid by the requester once the teacher accepts.",
});

registerValueEnum(
  SwapStatus,
  "SwapRequestStatus",
  "Where a request stands. A swap: PENDING, then ACCEPTED (the chat opens) or REJECTED. A pay request: PENDING, then AWAITING_PAYMENT (the teacher accepted), then PAID (coins held, the chat opens), REJECTED, WITHDRAWN or EXPIRED.",
  {
    PENDING: "Sent; the receiver has not answered.",
    AWAITING_PAYMENT:
      "A pay request the teacher accepted: the requester pays (payAcceptedRequest) or declines (rejectRequest), the teacher may withdraw the acceptance (withdrawPayAcceptance), and it expires unpaid after REQUEST_EXPIRY_DAYS.",
    ACCEPTED: "A swap the receiver accepted: the chat is open (chatId).",
    PAID: "A pay request the requester paid: coins are held and the chat is open (chatId).",
    REJECTED: "Rejected by the receiver, or declined by the requester instead of paying; the rejector blocked the other.",
    CANCELLED: "Withdrawn by the server because a party's account was deleted or suspended; no coins moved.",
    EXPIRED:
      "Nobody answered it within REQUEST_EXPIRY_DAYS (default 7) of being sent, or an accepted pay request was not paid within as many days of the acceptance; no coins had moved (a pay request holds coins only once paid).",
    WITHDRAWN: "A pay request whose teacher withdrew the acceptance before it was paid; no coins had moved.",
  },
);

@InputType({ description: "A skill chosen in the swap or pay popup." })
export class SwapSkillInput {
  @Field(() => String, { description: "The skill's name, exactly as the swapForm/payForm lists it." })
  skill: string;

  @Field(() => String, { description: "Its category, as the form lists it." })
  category: string;
}

@InputType({ description: "A swap request: one skill to teach for one to learn." })
export class RequestSwapInput {
  @Field(() => ID, { description: "The student asked to swap." })
  receiverId: string;

  @Field(() => SwapSkillInput, { nullable: true, description: "One of the caller's skills, to teach. Missing: 'select skills'." })
  preachSkill?: SwapSkillInput | null;

  @Field(() => SwapSkillInput, { nullable: true, description: "One of the receiver's skills, to learn. Missing: 'select skills'." })
  learnSkill?: SwapSkillInput | null;
}

@InputType({ description: "A pay request: one skill to learn for skill coins." })
export class RequestPayInput {
  @Field(() => ID, { description: "The student who would teach." })
  receiverId: string;

  @Field(() => SwapSkillInput, { nullable: true, description: "One of the receiver's skills, to learn. Missing: 'select skills'." })
  learnSkill?: SwapSkillInput | null;

  @Field(() => Int, { nullable: true, description: "The price in skill coins. Missing or 0: 'Enter skill coins'." })
  skillCoins?: number | null;
}

@ObjectType({ simpleResolvers: true, description: "The options of the swap or pay popup." })
export class SwapForm {
  @Field(() => [SkillRef], { description: "The caller's skills, to teach." })
  preachSkills: SkillRef[];

  @Field(() => [SkillRef], { description: "The other student's skills, to learn." })
  learnSkills: SkillRef[];
}

@ObjectType("SwapRequest", { simpleResolvers: true, description: "A swap or pay request between two students." })
export class SwapRequestView {
  @Field(() => ID, { description: "The request's id (acceptRequest, rejectRequest, payAcceptedRequest, a notification's refId)." })
  id: string;

  @Field(() => SwapKind, { description: "Swap or pay." })
  kind: SwapKind;

  @Field(() => SwapStatus, { description: "Where the request stands." })
  status: SwapStatus;

  @Field(() => NotificationUser, { description: "Who asked; the learner of a pay request." })
  requester: NotificationUser;

  @Field(() => NotificationUser, { description: "Who was asked; the teacher of learnSkill." })
  receiver: NotificationUser;

  @Field(() => SkillRef, { nullable: true, description: "What the requester teaches (swap only)." })
  preachSkill: SkillRef | null;

  @Field(() => SkillRef, { description: "What the requester learns." })
  learnSkill: SkillRef;

  @Field(() => Int, { nullable: true, description: "The price in skill coins (pay requests); null for a swap." })
  skillCoins: number | null;

  @Field(() => ID, { nullable: true, description: "The chat opened by accepting (swap) or paying." })
  chatId: string | null;

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;
}

@ObjectType({ simpleResolvers: true, description: "Whether the caller may send a swap or pay request to a student now." })
export class SwapAvailability {
  @Field(() => Boolean, { description: "A chat exists between the two (Swap and Pay are disabled)." })
  hasChat: boolean;

  @Field(() => Boolean, { description: "True when Swap and Pay may be sent now." })
  canRequest: boolean;

  @Field(() => String, { nullable: true, description: "Why not, when canRequest is false." })
  reason: string | null;

  @Field(() => SwapRequestView, { nullable: true, description: "The open request between the two, whoever sent it." })
  openRequest: SwapRequestView | null;
}

@ObjectType({ simpleResolvers: true, description: "What payAcceptedRequest did: the coins held and the request, now PAID." })
export class PaymentResult {
  @Field(() => String, { description: "'Payment Successful!! {amount} has been detected from your account.'" })
  message: string;

  @Field(() => Int, { description: "Coins moved into escrow." })
  coins: number;

  @Field(() => SwapRequestView, { description: "The request after payment (status PAID, chatId set)." })
  request: SwapRequestView;
}

/** Rows to GraphQL views with both students resolved in one query. */
export async function toViews(users: UsersService, rows: SwapRequest[]): Promise<SwapRequestView[]> {
  const people = await users.summaries(rows.flatMap((r) => [r.requesterId, r.receiverId]));
  const person = (id: string) => people.get(id) ?? formerStudent(id);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    requester: person(r.requesterId),
    receiver: person(r.receiverId),
    preachSkill: r.preachSkill ? { skill: r.preachSkill, category: r.preachCategory ?? "Other" } : null,
    learnSkill: { skill: r.learnSkill, category: r.learnCategory },
    skillCoins: r.coins,
    chatId: r.chatId,
    createdAt: r.createdAt,
  }));
}

export async function toView(users: UsersService, row: SwapRequest): Promise<SwapRequestView> {
  return (await toViews(users, [row]))[0];
}
