import { useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client";
import { Navigate, useSearchParams } from "react-router";
import { Page } from "../../components/layouts/Page";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/Button";
import { ArrowLeftIcon, StarIcon } from "../../components/ui/icons";
import { LoadError } from "../../components/ui/LoadError";
import { PageHeader } from "../../components/ui/PageHeader";
import { LoadingBlock } from "../../components/ui/Spinner";
import { BalanceCard } from "../../features/coins/components/BalanceCard";
import { BuyCoinsForm } from "../../features/coins/components/BuyCoinsForm";
import { CoinHistoryList } from "../../features/coins/components/CoinHistoryList";
import styles from "./skill-coins.module.css";
import { SandboxCheckout } from "../../features/coins/components/SandboxCheckout";
import { useCheckout } from "../../features/coins/hooks/use-checkout";
import { useReturnTo } from "../../features/coins/hooks/use-return-to";
import { DEFAULT_COIN_PRICE_PAISE, DEFAULT_MAX_COINS } from "../../features/coins/utils/format";
import { SkillCoinsDocument } from "../../gql/graphql";
import { paths } from "../../lib/paths";

/** /skill-coins: balance, buy, history (signed in only: RequireSignIn). */
export function Component() {
  const { data, error, refetch } = useQuery(SkillCoinsDocument, { fetchPolicy: "cache-and-network" });
  const back = useReturnTo();
  const checkout = useCheckout(back?.path);
  // ?coins=N: what a payment is short of (the notifications page's "Buy skill coins"); ignored unless a whole number.
  const [params] = useSearchParams();
  const wanted = Number(params.get("coins"));

  const unauthenticated = CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
  if (unauthenticated) return <Navigate to={paths.register} replace />;

  const me = data?.skillCoins;
  const gateway = data?.paymentGateway;
  const price = gateway?.coinPricePaise ?? DEFAULT_COIN_PRICE_PAISE;

  return (
    <Page>
      <title>Skill Coins · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.dashboard(me?.id)} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Dashboard
          </ButtonLink>
        }
        eyebrow="Your wallet"
        title="Skill Coins"
        description="Pay teachers with skill coins, earn one for every swap you finish, or buy more here."
        actions={
          <>
            <ButtonLink to={paths.skillCoinsRules} variant="secondary" size="sm">
              How it works
            </ButtonLink>
            {me && (
              <ButtonLink to={paths.leaderboard(me.id)} variant="ghost" size="sm" startIcon={<StarIcon size={16} />}>
                Leaderboard
              </ButtonLink>
            )}
          </>
        }
      />
      {back && (
        <Alert variant="info" title="Short of skill coins?" className={styles.returnNote}>
          <p>Buy what you need here, then go back and press Pay again.</p>
          <ButtonLink to={back.path} variant="secondary" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            {back.label}
          </ButtonLink>
        </Alert>
      )}
      {error && !data ? (
        <LoadError message="Your skill coins could not be loaded." onRetry={refetch} />
      ) : !data ? (
        <LoadingBlock label="Loading..." />
      ) : (
        <div className={styles.layout}>
          <div className={styles.column}>
            <BalanceCard balance={me?.balance ?? null} heldForYou={me?.heldForYou} coinPricePaise={price} />
            <BuyCoinsForm
              coinPricePaise={price}
              maxCoins={gateway?.maxCoinsPerPurchase ?? DEFAULT_MAX_COINS}
              initialCoins={
                Number.isInteger(wanted) && wanted > 0 ? Math.min(wanted, gateway?.maxCoinsPerPurchase ?? DEFAULT_MAX_COINS) : undefined
              }
              sandbox={gateway?.mode === "SANDBOX"}
              busy={checkout.busy}
              serverError={checkout.error}
              onDismissError={checkout.clearError}
              onBuy={(coins) => void checkout.buy(coins)}
            />
          </div>
          <CoinHistoryList />
        </div>
      )}
      <SandboxCheckout
        order={checkout.sandboxOrder}
        busy={checkout.busy}
        onPay={() => void checkout.paySandbox()}
        onFail={checkout.failSandbox}
        onClose={checkout.cancelSandbox}
      />
    </Page>
  );
}
