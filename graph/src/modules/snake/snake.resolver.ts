import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { SnakeHighScoreType } from "./snake.types.js";

@Resolver()
export class SnakeResolver {
  @Query(() => SnakeHighScoreType, {
    description: "The signed-in user's snake high score (and their user id, so the game page can check its URL). Needs a token.",
  })
  snakeHighScore(@Ctx() ctx: Context): Promise<SnakeHighScoreType> {
    return ctx.services.snake.highScore(requireUser(ctx).id);
  }

  @Mutation(() => SnakeHighScoreType, {
    description:
      "Reports a finished game's score (apples eaten, 0..594 on the 30 x 20 board) and returns the stored high score: " +
      "the server keeps the maximum, so a lower score never lowers it. Needs a token.",
  })
  submitSnakeScore(
    @Arg("score", () => Int, { description: "Apples eaten, 0 to 594 (BAD_USER_INPUT otherwise)." }) score: number,
    @Ctx() ctx: Context,
  ): Promise<SnakeHighScoreType> {
    return ctx.services.snake.submit(requireUser(ctx).id, score);
  }
}
