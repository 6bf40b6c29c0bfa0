import { Field, ID, Int, ObjectType } from "type-graphql";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection } from "../../shared/graphql-types.js";
import { HoldState, TransferKind } from "./ledger.entity.js";
import { GatewayMode } from "../../shared/payments.js";

/** What became of held coins, for modules that show escrow in their own types (moderation). */
export { HoldState };

registerValueEnum(TransferKind, "CoinHistoryKind", "Why coins moved.", {
  PURCHASE: "Bought through the payment gateway.",
  REWARD: "Given by the system (e.g. 1 coin for each completed swap).",
  HOLD: "Paid for a lesson and held in escrow until the chat completes.",
  RELEASE: "Held coins paid to the teacher when the chat completed.",
  REFUND: "Held coins returned to the learner (the chat was reported or closed).",
  CLOSURE: "The account was deleted: its coins went to the closed-accounts sink.",
});

registerValueEnum(HoldState, "EscrowState", "What became of the coins held for a paid lesson.", {
  HELD: "Still held: the lesson is in progress.",
  RELEASED: "Paid to the teacher when the chat completed.",
  REFUNDED: "Given back to the learner (the chat was reported or closed).",
});

registerValueEnum(GatewayMode, "PaymentGatewayMode", "Which checkout sells coins.", {
  RAZORPAY: "The real Razorpay Checkout (keyId is set).",
  SANDBOX: "The in-app TEST MODE checkout (no keys configured): sandboxPay pays an order.",
});

@ObjectType({ simpleResolvers: true, description: "The caller's skill coin account." })
export class SkillCoinAccount {
  @Field(() => ID, { description: "The owner's user id" })
  id: string;

  @Field(() => Int, { description: "Spendable coins (coins held for a lesson are not included)" })
  balance: number;
}

@ObjectType({ simpleResolvers: true, description: "One line of a student's coin history." })
export class CoinHistoryEntry {
  @Field(() => ID, { description: "The ledger entry's id." })
  id: string;

  @Field(() => Date, { description: "When the coins moved." })
  createdAt: Date;

  @Field(() => TransferKind, { description: "Why the coins moved." })
  kind: TransferKind;

  @Field(() => Int, { description: "Signed: negative when coins left the account" })
  amount: number;

  @Field(() => Int, { description: "The caller's spendable balance right after this movement." })
  balanceAfter: number;

  @Field(() => ID, { nullable: true, description: "The other student, when there is one" })
  counterpartId: string | null;

  @Field(() => String, { description: "The other student's name, or what the system account is" })
  counterpartName: string;

  @Field(() => String, { nullable: true, description: "A note on what the movement was for, when there is one." })
  memo: string | null;

  @Field(() => HoldState, {
    nullable: true,
    description: "A HOLD's coins now: still held, released to the teacher or refunded to the learner. Null for other kinds.",
  })
  holdState: HoldState | null;
}

@ObjectType({ simpleResolvers: true, description: "A page of the caller's coin history, newest first." })
export class CoinHistoryEntryConnection extends Connection<CoinHistoryEntry>("CoinHistoryEntry", CoinHistoryEntry) {}

@ObjectType({ simpleResolvers: true, description: "How coins are bought here: the real Razorpay or the in-app TEST MODE sandbox." })
export class PaymentGatewayInfo {
  @Field(() => GatewayMode, { description: "Razorpay or the TEST MODE sandbox." })
  mode: GatewayMode;

  @Field(() => String, { nullable: true, description: "Razorpay key id for Checkout; null in the sandbox" })
  keyId: string | null;

  @Field(() => Int, { description: "Price of one coin in paise (1000 = Rs.10)" })
  coinPricePaise: number;

  @Field(() => Int, { description: "The most coins one order may buy (createCoinOrder refuses more)." })
  maxCoinsPerPurchase: number;

  @Field(() => String, { description: "ISO 4217 currency of the prices (INR)." })
  currency: string;
}

@ObjectType({ simpleResolvers: true, description: "A gateway order the server created for a purchase; open the checkout with it." })
export class CoinOrderView {
  @Field(() => ID, { description: "The gateway's order id" })
  orderId: string;

  @Field(() => Int, { description: "Coins the order buys (credited once it is paid and verified)." })
  coins: number;

  @Field(() => Int, { description: "Coins x 1000 paise (one coin is Rs. 10)." })
  amountPaise: number;

  @Field(() => String, { description: "ISO 4217 currency (INR)." })
  currency: string;

  @Field(() => GatewayMode, { description: "The gateway that made the order: which checkout to open." })
  gateway: GatewayMode;

  @Field(() => String, { nullable: true, description: "Razorpay key id for Checkout; null in the sandbox." })
  keyId: string | null;
}

@ObjectType({ simpleResolvers: true, description: "What verifyCoinPayment found: the order's coins are credited exactly once." })
export class PaymentVerification {
  @Field(() => Boolean, { description: "True when the signature matched and the order is paid." })
  success: boolean;

  @Field(() => Int, { description: "Coins the order bought" })
  coins: number;

  @Field(() => Boolean, { description: "False when a replay found the coins already credited." })
  credited: boolean;

  @Field(() => Int, { description: "The caller's balance afterwards" })
  skillCoins: number;
}

@ObjectType({ simpleResolvers: true, description: "What the TEST MODE checkout hands back after Pay, exactly like Razorpay Checkout." })
export class SandboxPayment {
  @Field(() => ID, { description: "The order paid (pass to verifyCoinPayment)." })
  orderId: string;

  @Field(() => String, {
    description:
      "The sandbox payment id (pass to verifyCoinPayment). String, not ID: the gateway's opaque value, passed through as given (not an object of this API).",
  })
  paymentId: string;

  @Field(() => String, { description: "The HMAC signature, as Razorpay would compute it (pass to verifyCoinPayment)." })
  signature: string;
}
