import { Field, ID, Int, ObjectType } from "type-graphql";

@ObjectType("SnakeHighScore", { simpleResolvers: true, description: "A player's best snake score, kept by the server." })
export class SnakeHighScoreType {
  @Field(() => ID, { description: "The player: always the signed-in user." })
  userId: string;

  @Field(() => Int, { description: "Apples eaten in the player's best game; 0 before the first game." })
  highScore: number;
}
