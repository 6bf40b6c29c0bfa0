import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Select } from "../../../components/ui/Select";
import { TextField } from "../../../components/ui/TextField";
import { PayFormDocument, RequestPayDocument } from "../../../gql/graphql";
import { pick, SWAP_TEXT } from "../utils/skills";
import { SkillOptionGroups } from "./SkillOptionGroups";
import { type RequestDialogProps, RequestFormDialog } from "./RequestFormDialog";
import { useFormAction } from "../../../lib/use-form-action";
import { isPayCoins, MAX_PAY_COINS, PAY_COINS_MESSAGE } from "../../../../../common/swaps";

/** Pay popup: one of their skills to learn and a coin amount; Submit and Cancel. */
export function PayDialog({ open, onClose, userId, userName, onSent, defaultCoins }: RequestDialogProps & { defaultCoins?: number }) {
  const form = useQuery(PayFormDocument, { variables: { userId }, skip: !open, fetchPolicy: "network-only" });
  const [send] = useMutation(RequestPayDocument);
  const [learn, setLearn] = useState("");
  const [coins, setCoins] = useState(defaultCoins && defaultCoins > 0 ? String(defaultCoins) : "");
  const { busy, error, run, fail, reset } = useFormAction();
  // A choice changed: the message about the last Submit no longer describes the form.
  const edit = (set: (value: string) => void, value: string) => {
    set(value);
    if (error) reset();
  };
  const options = form.data?.payForm;
  const balance = form.data?.skillCoins.balance;
  const offered = Number(coins);
  // Not a refusal: coins leave only when the learner pays, after acceptance, and may be bought by then.
  const short =
    balance !== undefined && Number.isInteger(offered) && offered > balance
      ? `You have ${balance} skill ${balance === 1 ? "coin" : "coins"} now: buy more before you pay, once ${userName} accepts.`
      : undefined;

  // The teacher's own price, and (not a refusal: an offer may be generous on purpose) an offer above it said plainly.
  const asks = defaultCoins ? `${userName} asks ${defaultCoins} skill ${defaultCoins === 1 ? "coin" : "coins"} per course.` : undefined;
  const above =
    defaultCoins && Number.isInteger(offered) && offered > defaultCoins ? `You offer ${offered - defaultCoins} more than that.` : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const learnSkill = pick(options?.learnSkills, learn);
    if (!learnSkill) {
      fail(SWAP_TEXT.selectSkills);
      return;
    }
    const amount = coins.trim() === "" ? 0 : Number(coins);
    if (amount === 0 || Number.isNaN(amount)) {
      fail(SWAP_TEXT.enterCoins);
      return;
    }
    if (!isPayCoins(amount)) {
      fail(PAY_COINS_MESSAGE);
      return;
    }
    await run(async () => {
      await send({ variables: { input: { receiverId: userId, learnSkill, skillCoins: amount } } });
      onSent(SWAP_TEXT.paySent(userName));
    });
  }

  return (
    <RequestFormDialog
      open={open}
      onClose={onClose}
      title={
        <>
          Pay <span dir="auto">{userName}</span> to learn
        </>
      }
      description={`Offer skill coins for a course. Coins leave your balance only when you pay, after ${userName} accepts.`}
      onSubmit={onSubmit}
      sending={busy}
      options={options}
      loadError={form.error}
      error={error}
    >
      {(options) => (
        <>
          <Select
            label={`Skill you want to learn from ${userName}`}
            placeholder="Select one of their skills"
            value={learn}
            onChange={(e) => edit(setLearn, e.target.value)}
            hint={options.learnSkills.length === 0 ? `${userName} has not listed any skills yet.` : undefined}
            autoFocus
          >
            <SkillOptionGroups skills={options.learnSkills} />
          </Select>
          <TextField
            label="Skill coins"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PAY_COINS}
            step={1}
            placeholder="e.g. 5"
            value={coins}
            onChange={(e) => edit(setCoins, e.target.value)}
            hint={[asks, above, short].filter(Boolean).join(" ") || undefined}
          />
          {/* The hint is read with the field; an offer going above the price as it is typed is said as it happens. */}
          <p className="visually-hidden" aria-live="polite">
            {above}
          </p>
        </>
      )}
    </RequestFormDialog>
  );
}
