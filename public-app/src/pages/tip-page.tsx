import { Avatar } from '../components/avatar';
import { SubPage, type ClientScript } from '../components/sub-page';
import { CHECKOUT_ROOT_ID, type TipCheckoutData } from '../checkout/checkout-data';
import { SaleTexts } from '../checkout/sale-texts';
import { TipIsland } from '../checkout/tip-island';
import type { TipPageInput } from '../page-model';
import { Texts } from '../texts';

/**
 * /tip/{username}?amount=500 (issue 27): rendered on the server like the booking page; the tip form hydrates
 * with its own small bundle (entry-tip.tsx) from the same data, which rides in data-checkout. With tips off,
 * it says so and offers the way back.
 */
export function TipPage({
  user,
  origin,
  tips,
  amountCents,
  offersList = false,
  attribution = null,
  css,
  script,
}: TipPageInput & { css: string; script: ClientScript | null }) {
  const title = SaleTexts.tipPageTitle(user.displayName);
  const open = tips.enabled && script !== null;
  const data: TipCheckoutData = {
    kind: 'tip',
    username: user.username,
    displayName: user.displayName,
    presets: tips.presets,
    amountCents,
    message: tips.message,
    offersList,
    attribution,
  };
  return (
    <SubPage
      user={user}
      origin={origin}
      title={title}
      description={tips.message ?? title}
      path={`/tip/${user.username}`}
      css={css}
      script={open ? script : null}
    >
      <header className="profile profile-sm">
        <Avatar user={user} origin={origin} size={72} />
        <h1>{title}</h1>
        {tips.message && <p className="handle">{tips.message}</p>}
      </header>
      {open ? (
        <div id={CHECKOUT_ROOT_ID} data-checkout={JSON.stringify(data)}>
          <TipIsland {...data} />
        </div>
      ) : (
        <section className="panel">
          <h2>{SaleTexts.supportMe}</h2>
          <p className="panel-text">{SaleTexts.tipsOff(user.displayName)}</p>
          <a className="btn-primary" href={`/${user.username}`}>
            {Texts.backToProfile(user.displayName)}
          </a>
        </section>
      )}
    </SubPage>
  );
}
