import { Field, ID, InputType, ObjectType } from "type-graphql";

@InputType({ description: "A new student account. The email must be a college address." })
export class RegisterInput {
  @Field(() => String, { description: "Shown as Username; unique regardless of case." })
  name: string;

  @Field(() => String, { description: "Two digits, one letter, three digits, @ and the college domain." })
  email: string;

  @Field(() => String, { description: "8 to 128 characters." })
  password: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The page the student registered from (`?returnTo=` of /register, e.g. /user/chat/{id}): the mailed verification link becomes /verify-email/{token}?returnTo={path}, so the page is found again when the mail opens in another browser, and a resent mail keeps it. Only a same-site path counts ("/x", not "//host", a scheme, control characters or the sign-in pages /login, /register, /logout, /reset-password, at most 1000 characters); any other value is ignored, not refused.',
  })
  returnTo?: string | null;
}

@InputType({ description: "Sign-in credentials. Rate-limited per address and per client (RATE_LIMITED)." })
export class LoginInput {
  @Field(() => String, { description: "The account's college address (case ignored)." })
  email: string;

  @Field(() => String, { description: "The account's password." })
  password: string;
}

@InputType({ description: "A message for the team, from the contact form; no sign-in needed." })
export class ContactMessageInput {
  @Field(() => String, { description: "Who is writing: required, at most 100 characters." })
  name: string;

  @Field(() => String, { description: "Where the team should answer." })
  email: string;

  @Field(() => String, { description: "The message itself: required, at most 5000 characters." })
  message: string;
}

@ObjectType({ simpleResolvers: true, description: "A signed-in session: send the token as `Authorization: Bearer <token>`." })
export class AuthPayload {
  @Field(() => String, { description: "JWT, valid for 7 days or until logout or a password change." })
  token: string;

  @Field(() => ID, { description: "The signed-in student's user id." })
  userId: string;
}
