import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { Connection } from "../../shared/graphql-types.js";

@ObjectType({ description: "The caller's skill coin account." })
export class SkillCoinAccount {
  @Field(() => ID, { description: "The owner's user id" })
  id: string;

  @Field(() => Int, { description: "Spendable coins (coins held for a lesson are not included)" })
  balance: number;
}

@ObjectType({ description: "One line of a student's coin history." })
export class CoinHistoryEntry {
  @Field(() => ID)
  id: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => String, { description: "purchase | reward | hold (paid a teacher, held) | release (paid to you) | refund" })
  kind: string;

  @Field(() => Int, { description: "Signed: negative when coins left the account" })
  amount: number;

  @Field(() => Int)
  balanceAfter: number;

  @Field(() => ID, { nullable: true, description: "The other student, when there is one" })
  counterpartId: string | null;

  @Field(() => String, { description: "The other student's name, or what the system account is" })
  counterpartName: string;

  @Field(() => String, { nullable: true })
  memo: string | null;
}

@ObjectType({ description: "A page of the caller's coin history, newest first." })
export class CoinHistoryEntryConnection extends Connection<CoinHistoryEntry>("CoinHistoryEntry", CoinHistoryEntry) {}

@ObjectType({ description: "How coins are bought here: the real Razorpay or the in-app TEST MODE sandbox." })
export class PaymentGatewayInfo {
  @Field(() => String, { description: "razorpay | sandbox" })
  mode: string;

  @Field(() => String, { nullable: true, description: "Razorpay key id for Checkout; null in the sandbox" })
  keyId: string | null;

  @Field(() => Int, { description: "Price of one coin in paise (1000 = Rs.10)" })
  coinPricePaise: number;

  @Field(() => Int)
  maxCoinsPerPurchase: number;

  @Field(() => String)
  currency: string;
}

@ObjectType({ description: "A gateway order the server created for a purchase; open the checkout with it." })
export class CoinOrderView {
  @Field(() => ID, { description: "The gateway's order id" })
  orderId: string;

  @Field(() => Int)
  coins: number;

  @Field(() => Int, { description: "coins x 1000 paise" })
  amountPaise: number;

  @Field(() => String)
  currency: string;

  @Field(() => String, { description: "razorpay | sandbox" })
  gateway: string;

  @Field(() => String, { nullable: true })
  keyId: string | null;
}

@ObjectType()
export class PaymentVerification {
  @Field(() => Boolean)
  success: boolean;

  @Field(() => Int, { description: "Coins the order bought" })
  coins: number;

  @Field(() => Boolean, { description: "false when a replay found the coins already credited" })
  credited: boolean;

  @Field(() => Int, { description: "The caller's balance afterwards" })
  skillCoins: number;
}

@ObjectType({ description: "What the TEST MODE checkout hands back after Pay, exactly like Razorpay Checkout." })
export class SandboxPayment {
  @Field(() => ID)
  orderId: string;

  @Field(() => String)
  paymentId: string;

  @Field(() => String)
  signature: string;
}

@ObjectType()
export class LeaderboardRow {
  @Field(() => Int, { description: "Equal rating, rating count and coins share a rank" })
  rank: number;

  @Field(() => ID)
  userId: string;

  @Field(() => String)
  name: string;

  @Field(() => Float, { description: "Average rating out of 5" })
  rating: number;

  @Field(() => Int)
  ratingCount: number;

  @Field(() => Int)
  skillCoins: number;
}

@ObjectType({ description: "The top of the leaderboard, best first." })
export class LeaderboardRowConnection extends Connection<LeaderboardRow>("LeaderboardRow", LeaderboardRow) {}
